@testable import Archive
import Foundation
import GuidebookTestSupport
import XCTest

/// The gzip, tar and zip writers, each checked by the system's own tools (gzip, tar, unzip), which
/// share no code with them.
final class ArchiveTests: XCTestCase {
    /// Deterministic bytes: text that compresses well, then noise that does not.
    private func sample(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        let words = Array("progress indicators sheets 진행 표시기 popovers ".utf8)
        while bytes.count < count {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            if bytes.count < count / 2 {
                bytes.append(words[Int(state >> 33) % words.count])
            } else {
                bytes.append(UInt8(truncatingIfNeeded: state >> 40))
            }
        }
        return bytes
    }

    // MARK: gzip

    func testGzipIsReadBySystemGzipWhateverTheSizeAndWriteChunks() throws {
        for size in [0, 1, 511, 70_000, 3_000_000] {
            let input = sample(size, seed: UInt64(size))
            let whole = try Gzip.compress(input)
            XCTAssertEqual(try SystemTool.check("gzip", ["-dc"], input: whole).output, input, "size \(size)")
            // The same bytes written in uneven pieces give the same stream.
            var pieces: [UInt8] = []
            var chunks = 0
            let deflater = try Deflater(.gzip, level: 9, chunkSize: 4096) { pieces += $0; chunks += 1 }
            var offset = 0, step = 1
            while offset < input.count {
                let end = min(input.count, offset + step)
                try deflater.write(Array(input[offset..<end]))
                offset = end
                step = step * 3 + 7
            }
            try deflater.finish()
            XCTAssertEqual(pieces, whole, "size \(size): writing in pieces changes the output")
            if size >= 3_000_000 { XCTAssertGreaterThan(chunks, 10, "output should arrive in chunks, not at the end") }
        }
    }

    // MARK: whole zlib buffers

    func testZlibBuffersAreReadAndWrittenByPythonsZlib() throws {
        let decompress = "import sys, zlib; sys.stdout.buffer.write(zlib.decompress(sys.stdin.buffer.read()))"
        let compress = "import sys, zlib; sys.stdout.buffer.write(zlib.compress(sys.stdin.buffer.read(), 9))"
        for size in [0, 1, 70_000, 3_000_000] {
            let input = sample(size, seed: UInt64(size) &+ 7)
            let ours = try ZlibBuffer.compressed(input, level: 1)
            XCTAssertEqual(try SystemTool.check("python3", ["-c", decompress], input: ours).output, input, "size \(size)")
            let theirs = try SystemTool.check("python3", ["-c", compress], input: input).output
            XCTAssertEqual(try theirs.withUnsafeBytes { try ZlibBuffer.restored($0, count: size) }, input, "size \(size)")
            if size >= 70_000 { XCTAssertLessThan(ours.count, size * 9 / 10, "half the sample is letters of a few words") }
        }
        // Damaged, or a length other than the one stored: an error, never other bytes.
        let input = sample(70_000, seed: 1)
        let whole = try ZlibBuffer.compressed(input, level: 1)
        var flipped = whole
        flipped[whole.count / 2] ^= 0x55
        for (data, count) in [(Array(whole.dropLast(5)), input.count), (flipped, input.count), (whole, input.count - 1),
                              (whole, input.count + 1), (whole, Int.max / 2), ([UInt8](), 10)] {
            XCTAssertThrowsError(try data.withUnsafeBytes { try ZlibBuffer.restored($0, count: count) }, "\(data.count) bytes as \(count)")
        }
    }

    func testGzipIsDeterministicAndSmallerForText() throws {
        let text = Array(String(repeating: "Show an activity indicator or a progress bar. 진행률 표시줄을 보여 주세요. ", count: 600).utf8)
        let first = try Gzip.compress(text), second = try Gzip.compress(text)
        XCTAssertEqual(first, second)
        XCTAssertLessThan(first.count, text.count / 3)
        XCTAssertEqual(Array(first.prefix(8)), [0x1f, 0x8b, 8, 0, 0, 0, 0, 0], "gzip magic, deflate, no flags, mtime 0")
    }

    func testDeflaterRefusesUseAfterFinish() throws {
        let deflater = try Deflater(.gzip) { _ in }
        try deflater.finish()
        XCTAssertThrowsError(try deflater.write([1, 2, 3])) { XCTAssertEqual($0 as? ArchiveError, .finished) }
        XCTAssertThrowsError(try deflater.finish()) { XCTAssertEqual($0 as? ArchiveError, .finished) }
    }

    func testCRC32OfTheCheckString() {
        XCTAssertEqual(CRC32.of(Array("123456789".utf8)), 0xCBF4_3926)
        var crc = CRC32()
        crc.update(Array("12345".utf8))
        crc.update(Array("6789".utf8))
        XCTAssertEqual(crc.value, 0xCBF4_3926)
        XCTAssertEqual(CRC32.of([]), 0)
    }

    // MARK: tar

    /// Names of every shape ustar holds: short, split at a slash into prefix and name, and too
    /// long for either (a pax record); empty files and files of exactly one block.
    private var tarFiles: [(path: String, contents: [UInt8], modified: Int64)] {
        let longFolder = String(repeating: "f", count: 120)
        return [
            ("en/index.md", Array("# Guidebook\n".utf8), 1_764_446_400),
            ("ko/controls/progress-indicators.md", Array("# 진행 표시기\n".utf8), 1_764_446_401),
            ("en/\(longFolder)/\(String(repeating: "t", count: 90)).md", sample(5000, seed: 3), 1_700_000_000),
            ("en/\(longFolder)/\(String(repeating: "n", count: 128)).md", sample(512, seed: 4), 1_600_000_000),
            ("en/empty.md", [], 0),
        ]
    }

    private func tarGz(_ files: [(path: String, contents: [UInt8], modified: Int64)]) throws -> [UInt8] {
        var archive: [UInt8] = []
        let gzip = try Deflater(.gzip) { archive += $0 }
        let tar = TarWriter(output: gzip.write)
        for file in files { try tar.addFile(file.path, contents: file.contents, modified: file.modified) }
        try tar.finish()
        try gzip.finish()
        return archive
    }

    func testTarGzIsListedAndExtractedBySystemTar() throws {
        let files = tarFiles
        let archive = try tarGz(files)
        let directory = try makeTemporaryDirectory("archive-tests")
        let path = directory + "/export.tar.gz"
        try Data(archive).write(to: URL(fileURLWithPath: path))
        let listed = try SystemTool.check("tar", ["-tzf", path]).text.split(separator: "\n").map(String.init)
        XCTAssertEqual(listed, files.map(\.path))
        let target = directory + "/out"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        try SystemTool.check("tar", ["-xzf", path, "-C", target])
        for file in files {
            let extracted = try XCTUnwrap(FileManager.default.contents(atPath: target + "/" + file.path), file.path)
            XCTAssertEqual([UInt8](extracted), file.contents, file.path)
            let attributes = try FileManager.default.attributesOfItem(atPath: target + "/" + file.path)
            let modified = try XCTUnwrap(attributes[.modificationDate] as? Date)
            XCTAssertEqual(Int64(modified.timeIntervalSince1970), file.modified, "mtime of \(file.path)")
        }
        XCTAssertEqual(try tarGz(files), archive, "the same files give the same bytes")
    }

    func testTarRefusesPathsItCannotHold() throws {
        let tar = TarWriter { _ in }
        XCTAssertThrowsError(try tar.addFile("", contents: [], modified: 0))
        XCTAssertThrowsError(try tar.addFile("/etc/passwd", contents: [], modified: 0))
        XCTAssertThrowsError(try tar.addFile("a\u{0}b", contents: [], modified: 0))
        try tar.finish()
        XCTAssertThrowsError(try tar.addFile("a.md", contents: [], modified: 0)) { XCTAssertEqual($0 as? ArchiveError, .finished) }
    }

    func testPaxRecordLengthCountsItself() {
        for length in [1, 90, 94, 95, 96, 200, 995] {
            let record = TarWriter.paxRecord("path", [UInt8](repeating: UInt8(ascii: "x"), count: length))
            let digits = record.prefix { $0 != UInt8(ascii: " ") }
            XCTAssertEqual(Int(String(decoding: digits, as: UTF8.self)), record.count, "value of \(length) bytes")
        }
    }

    // MARK: zip

    func testZipPassesUnzipTestAndExtracts() throws {
        var files = tarFiles
        files.append(("en/noise.md", sample(2000, seed: 99).suffix(1000).map { $0 }, 1_764_446_402))  // stored: noise does not deflate
        var archive: [UInt8] = []
        let zip = ZipWriter { archive += $0 }
        for file in files { try zip.addFile(file.path, contents: file.contents, modified: file.modified) }
        try zip.finish()
        let directory = try makeTemporaryDirectory("archive-tests")
        let path = directory + "/export.zip"
        try Data(archive).write(to: URL(fileURLWithPath: path))
        let tested = try SystemTool.check("unzip", ["-t", path]).text
        XCTAssertTrue(tested.contains("No errors detected"), tested)
        let listed = try SystemTool.check("unzip", ["-Z1", path]).text.split(separator: "\n").map(String.init)
        XCTAssertEqual(listed, files.map(\.path))
        try SystemTool.check("unzip", ["-q", path, "-d", directory + "/out"])
        for file in files {
            XCTAssertEqual(FileManager.default.contents(atPath: directory + "/out/" + file.path).map { [UInt8]($0) }, file.contents, file.path)
        }
        var again: [UInt8] = []
        let second = ZipWriter { again += $0 }
        for file in files { try second.addFile(file.path, contents: file.contents, modified: file.modified) }
        try second.finish()
        XCTAssertEqual(again, archive, "the same files give the same bytes")
    }

    func testZipDOSTime() {
        // 2026-11-30 12:34:56 UTC.
        let (time, date) = ZipWriter.dosTime(1_796_042_096)
        XCTAssertEqual(date >> 9, 2026 - 1980)
        XCTAssertEqual((date >> 5) & 0xf, 11)
        XCTAssertEqual(date & 0x1f, 30)
        XCTAssertEqual(time >> 11, 12)
        XCTAssertEqual((time >> 5) & 0x3f, 34)
        XCTAssertEqual((time & 0x1f) * 2, 56)
        XCTAssertEqual(ZipWriter.dosTime(0).date, 0x21, "before 1980 is 1980-01-01")
    }
}
