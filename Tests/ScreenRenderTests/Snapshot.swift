import Foundation
import Testing

/// Expected renders kept as files in `Expected/` beside this file.
///
/// Run the tests with `RECORD_SNAPSHOTS=1` to write the files from the current output
/// (each recorded file fails its test once, so a recording is never mistaken for a pass);
/// look at them before checking them in.
enum Snapshot {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Expected")

    static func expect(_ actual: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil {
            do {
                try actual.write(to: url, atomically: true, encoding: .utf8)
                Issue.record("recorded \(name); look at it, then run again without RECORD_SNAPSHOTS", sourceLocation: sourceLocation)
            } catch {
                Issue.record("cannot write \(url.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("no expected file \(url.path); run with RECORD_SNAPSHOTS=1 to write it", sourceLocation: sourceLocation)
            return
        }
        guard actual != expected else { return }
        let actualLines = actual.components(separatedBy: "\n"), expectedLines = expected.components(separatedBy: "\n")
        let line = Array(zip(actualLines, expectedLines)).firstIndex { $0 != $1 } ?? min(actualLines.count, expectedLines.count)
        let got = line < actualLines.count ? actualLines[line] : "<end>"
        let wanted = line < expectedLines.count ? expectedLines[line] : "<end>"
        Issue.record(
            "\(name) differs at line \(line + 1):\n  expected: \(wanted)\n  actual:   \(got)",
            sourceLocation: sourceLocation)
    }
}
