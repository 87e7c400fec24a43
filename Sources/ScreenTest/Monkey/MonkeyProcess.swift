import Foundation
import ScreenKit
import ScreenScript

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A monkey run in a child process, as its parent sees it: the child writes each event to a
/// journal file before it sends it, so that when the app takes the process down (a crash,
/// `os.exit`) or gets stuck where the instruction budget cannot stop it (inside a C
/// function), the parent still knows the seed's events up to there.
///
/// ```swift
/// let run = MonkeyProcess(command: [program, "monkey", app, "--journal"], stallLimit: 60)
/// switch try run.wait() { case .finished(let status): ... }
/// ```
public final class MonkeyProcess {
    /// How the child ended.
    public enum Ending: Equatable {
        /// It ran to its end and exited with this status (its report printed).
        case finished(Int32)
        /// It exited before its end: the app ended the process.
        case exited(Int32)
        /// A signal killed it.
        case signalled(Int32)
        /// It journalled nothing for the stall limit and was killed.
        case stalled
    }

    /// The journal's last line, written by a child that ran to its end.
    public static let endLine = "# end"
    /// The journal's line that names the app, written once it is launched.
    public static let appLinePrefix = "# app "

    public let journalPath: String
    private let command: [String]
    private let stallLimit: Double

    /// - Parameters:
    ///   - command: the program and its arguments; the journal's path is added at the end.
    ///   - stallLimit: real seconds without a new event after which the child is killed.
    public init(command: [String], stallLimit: Double) {
        self.command = command
        self.stallLimit = stallLimit
        journalPath = FileManager.default.temporaryDirectory.appendingPathComponent("screens-monkey-\(UUID()).journal").path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: journalPath)
    }

    /// Starts the child, with this process's standard output and error, and waits for it.
    ///
    /// - Throws: when the child cannot be started.
    public func run() throws -> Ending {
        _ = FileManager.default.createFile(atPath: journalPath, contents: nil)
        let child = Process()
        child.executableURL = URL(fileURLWithPath: command[0])
        child.arguments = Array(command.dropFirst()) + [journalPath]
        try child.run()
        var size = journalSize(), lastProgress = Date()
        var stalled = false
        while child.isRunning {
            usleep(20_000)
            let now = journalSize()
            if now != size {
                size = now
                lastProgress = Date()
            } else if Date().timeIntervalSince(lastProgress) > stallLimit {
                kill(child.processIdentifier, SIGKILL)
                stalled = true
                break
            }
        }
        child.waitUntilExit()
        if stalled { return .stalled }
        if child.terminationReason == .uncaughtSignal { return .signalled(child.terminationStatus) }
        return journal().ended ? .finished(child.terminationStatus) : .exited(child.terminationStatus)
    }

    private func journalSize() -> UInt64 {
        ((try? FileManager.default.attributesOfItem(atPath: journalPath))?[.size] as? NSNumber)?.uint64Value ?? 0
    }

    /// What the child journalled: the app's id when it got that far, the events it sent,
    /// and whether it ran to its end.
    public func journal() -> (appID: String?, recording: InputRecording, ended: Bool) {
        let text = (try? String(contentsOfFile: journalPath, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n")
        let appID = lines.first { $0.hasPrefix(Self.appLinePrefix) }.map { String($0.dropFirst(Self.appLinePrefix.count)) }
        // A line cut short by the crash is left out.
        let complete = text.hasSuffix("\n") ? lines : lines.dropLast()
        let events = complete.filter { !$0.hasPrefix("#") }.joined(separator: "\n")
        return (appID, (try? InputRecording(parsing: events)) ?? InputRecording(), lines.last.map { $0 == Self.endLine } ?? false)
    }
}
