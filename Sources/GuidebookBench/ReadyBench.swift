import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `guidebook-bench ready --port P --runs N -- COMMAND...`: time from starting COMMAND until
/// `GET /livez` on 127.0.0.1:P answers 200, polled every 0.5 ms over a raw socket; then SIGTERM
/// and wait for the process to exit. Runs N times; prints `ready`, each run's ms, and the median.
struct ReadyBench {
    let arguments: Arguments

    func run() throws -> Int32 {
        let port = try arguments.int("--port", default: 0)
        let runs = try arguments.int("--runs", default: 5)
        let path = arguments.optionalString("--path") ?? "/livez"
        let command = arguments.trailing
        guard port > 0, port < 65536, runs >= 1, !command.isEmpty else { throw BenchError("ready needs --port, --runs and -- COMMAND") }
        var times: [Double] = []
        for _ in 0..<runs {
            guard !Self.answers(port: port, path: path) else { throw BenchError("port \(port) already answers before the server starts") }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: command[0])
            process.arguments = Array(command.dropFirst())
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let started = LatencyStats.now()
            try process.run()
            var ready = false
            while LatencyStats.now() - started < 10_000_000_000 && process.isRunning {
                if Self.answers(port: port, path: path) {
                    ready = true
                    break
                }
                usleep(500)
            }
            let ms = Double(LatencyStats.now() - started) / 1e6
            if process.isRunning { kill(process.processIdentifier, SIGTERM) }
            process.waitUntilExit()
            guard ready else { throw BenchError("the server did not answer \(path) within 10 s (exit status \(process.terminationStatus))") }
            times.append(ms)
        }
        let sorted = times.sorted()
        let median = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        print((["ready"] + times.map { String(format: "%.1f", $0) } + [String(format: "%.1f", median)]).joined(separator: "\t"))
        return 0
    }

    /// True when a GET of `path` on 127.0.0.1:`port` answers with status 200.
    static func answers(port: Int, path: String) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return false }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else { return false }
        var buffer = [UInt8](repeating: 0, count: 64)
        var received = 0
        while received < 12 {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress! + received, 64 - received, 0) }
            if n <= 0 { break }
            received += n
        }
        guard received >= 12 else { return false }
        return String(decoding: buffer[9..<12], as: UTF8.self) == "200"
    }
}
