import Foundation

/// How much memory this process may count on, read from Linux's own files: `MemAvailable` of
/// `/proc/meminfo`, and the memory limit of the process's control group when it has one (in a
/// container, the limit the container runs under): cgroup v2 `memory.max`, or v1
/// `memory.limit_in_bytes` (hybrid hosts), of the group named in `/proc/self/cgroup` and the groups
/// above it.
public struct SystemMemory: Sendable, Equatable {
    /// `MemAvailable` in bytes; nil when `/proc/meminfo` cannot be read.
    public var available: Int?
    /// The lowest memory limit of the process's control group and its parents, in bytes; nil when
    /// none is set (`max`, or v1's "no limit" value) or none can be read.
    public var cgroupLimit: Int?

    public init(available: Int?, cgroupLimit: Int?) {
        self.available = available
        self.cgroupLimit = cgroupLimit
    }

    /// What the process may use: the smaller of the two; nil when neither is known.
    public var usable: Int? {
        switch (available, cgroupLimit) {
        case let (available?, limit?): return min(available, limit)
        case let (available?, nil): return available
        case let (nil, limit?): return limit
        case (nil, nil): return nil
        }
    }

    /// Reads the files under `root` (`""`: the real `/proc` and `/sys`; tests give a folder that
    /// imitates them).
    public static func read(root: String = "") -> SystemMemory {
        SystemMemory(available: memAvailable(root: root), cgroupLimit: cgroupLimit(root: root))
    }

    /// Limits at or above this are "no limit" (cgroup v1 writes a page-rounded 2^63 - 1).
    static let unlimited = 1 << 60

    private static func memAvailable(root: String) -> Int? {
        guard let text = try? String(contentsOfFile: root + "/proc/meminfo", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("MemAvailable:") {
            // "MemAvailable:   24234792 kB"
            let fields = line.split(separator: " ")
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
            return kilobytes * 1024
        }
        return nil
    }

    private static func cgroupLimit(root: String) -> Int? {
        guard let text = try? String(contentsOfFile: root + "/proc/self/cgroup", encoding: .utf8) else { return nil }
        var limits: [Int] = []
        // Lines are "hierarchy-id:controllers:path"; v2 is "0::path", v1's memory line names "memory".
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let path = String(fields[2])
            if fields[0] == "0" && fields[1].isEmpty {
                limits += lowestLimit(mount: root + "/sys/fs/cgroup", path: path, file: "memory.max")
            } else if fields[1].split(separator: ",").contains("memory") {
                limits += lowestLimit(mount: root + "/sys/fs/cgroup/memory", path: path, file: "memory.limit_in_bytes")
            }
        }
        return limits.min()
    }

    /// The limits set in `file` of the group at `path` under `mount` and of every group above it.
    /// In a container with its own cgroup namespace the path is `/` and the mount is the
    /// container's own group, so the mount's file is always read too.
    private static func lowestLimit(mount: String, path: String, file: String) -> [Int] {
        var limits: [Int] = []
        var components = path.split(separator: "/").map(String.init)
        while true {
            let folder = components.isEmpty ? mount : mount + "/" + components.joined(separator: "/")
            if let text = try? String(contentsOfFile: folder + "/" + file, encoding: .utf8),
               let value = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), value > 0, value < unlimited {
                limits.append(value)
            }
            if components.isEmpty { break }
            components.removeLast()
        }
        return limits
    }
}
