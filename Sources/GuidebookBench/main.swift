import Foundation

// `guidebook-bench`: engine-limit measurements for `make bench` (scripts/bench.sh), without HTTP.
//   search     --db PATH --queries FILE --migrations DIR [--threads N] [--seconds S] [--each]
//   suggest    --db PATH --migrations DIR [--queries N] [--extra-words N]
//   bulk-load  --db FRESH --file NDJSON --migrations DIR
//   reference-load --db FRESH --file NDJSON --migrations DIR
//   edit       --db COPY --queries FILE --migrations DIR [--edits N] [--seconds S] [--rate R]
//   ready      --port P [--runs N] [--path /livez] -- COMMAND...
//   webhook-fanout --db FRESH --migrations DIR [--endpoints N] [--runs N]
//   memory     --db PATH --migrations DIR [--samples N] [--reference N] [--locale ko]
//   typing-states --queries TSV
//   vocabulary --db PATH --migrations DIR [--runs N]

let usage = """
    usage: guidebook-bench search --db PATH --queries FILE --migrations DIR [--threads N] [--seconds S] [--each]
           guidebook-bench suggest --db PATH --migrations DIR [--queries N] [--extra-words N]
           guidebook-bench bulk-load --db FRESH --file NDJSON --migrations DIR
           guidebook-bench reference-load --db FRESH --file NDJSON --migrations DIR
           guidebook-bench edit --db COPY --queries FILE --migrations DIR [--edits N] [--seconds S] [--rate R]
           guidebook-bench ready --port P [--runs N] [--path /livez] -- COMMAND...
           guidebook-bench webhook-fanout --db FRESH --migrations DIR [--endpoints N] [--runs N]
           guidebook-bench memory --db PATH --migrations DIR [--samples N] [--reference N] [--locale ko]
           guidebook-bench typing-states --queries TSV
           guidebook-bench vocabulary --db PATH --migrations DIR [--runs N]
    """

func runBench() -> Int32 {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let command = arguments.first else {
        FileHandle.standardError.write(Data((usage + "\n").utf8))
        return 2
    }
    do {
        let rest = Array(arguments.dropFirst())
        switch command {
        case "search": return try SearchBench(arguments: Arguments(rest, booleanFlags: ["--each"])).run()
        case "suggest": return try SuggestBench(arguments: Arguments(rest)).run()
        case "bulk-load": return try BulkLoad(arguments: Arguments(rest)).run()
        case "reference-load": return try ReferenceLoad(arguments: Arguments(rest)).run()
        case "edit": return try EditBench(arguments: Arguments(rest)).run()
        case "ready": return try ReadyBench(arguments: Arguments(rest)).run()
        case "webhook-fanout": return try WebhookFanoutBench(arguments: Arguments(rest)).run()
        case "memory": return try MemoryBench(arguments: Arguments(rest)).run()
        case "typing-states": return try TypingStates(arguments: Arguments(rest)).run()
        case "vocabulary": return try VocabularySize(arguments: Arguments(rest)).run()
        default:
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            return 2
        }
    } catch let error as BenchError {
        FileHandle.standardError.write(Data("guidebook-bench: \(error.description)\n".utf8))
        return 2
    } catch {
        FileHandle.standardError.write(Data("guidebook-bench: \(error)\n".utf8))
        return 1
    }
}

exit(runBench())
