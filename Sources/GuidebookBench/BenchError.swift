/// A usage or setup problem: printed on one line, exit code 2.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
