import EventLoop
import Foundation
import Testing
@testable import ScreenStore

/// A process killed with SIGKILL while it saves in a loop loses no save that returned.
///
/// The child is this test executable run again (`/proc/self/exe`) with a filter selecting
/// ``saveLoopChild()`` and the file's path in an environment variable; without that variable
/// the child entry does nothing.
@Suite struct DurabilityTests {
    static let pathVariable = "SCREENSTORE_SAVE_LOOP_PATH"

    @Test func saveLoopChild() throws {
        guard let path = ProcessInfo.processInfo.environment[Self.pathVariable] else { return }
        let store = try PersistentStore(path: path, model: StoreFixtures.diary(), notifications: NotificationHub())
        var saved = 0
        while true {
            saved += 1
            try StoreFixtures.entry(store.context, "row \(saved)", Double(saved))
            try store.context.save()
            // One write(2) per line, so the parent sees exactly the saves that returned.
            let line = "SAVED \(saved)\n"
            _ = line.withCString { write(1, $0, strlen($0)) }
        }
    }

    #if os(Linux)
    @Test func aKilledProcessLosesNoReturnedSave() throws {
        let path = try StoreFixtures.temporaryDirectory().appendingPathComponent("durable.sqlite").path
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = ["--testing-library", "swift-testing", "--filter", "saveLoopChild"]
        child.environment = ProcessInfo.processInfo.environment.merging([Self.pathVariable: path]) { $1 }
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        try child.run()

        var text = ""
        var lastSaved = 0
        let deadline = Date().addingTimeInterval(30)
        while lastSaved < 200 && Date() < deadline {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
            lastSaved = Self.lastSaved(in: text)
        }
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        lastSaved = Self.lastSaved(in: text)
        #expect(child.terminationReason == .uncaughtSignal)
        try #require(lastSaved >= 200, "the child saved \(lastSaved) rows before the deadline")

        let store = try PersistentStore(path: path, model: StoreFixtures.diary(), notifications: NotificationHub())
        let rows = try store.context.fetch(FetchRequest("DiaryEntry", sortedBy: [SortKey("creationTime")]))
        #expect(rows.count >= lastSaved)
        #expect(Array(StoreFixtures.texts(rows).prefix(lastSaved)) == (1...lastSaved).map { "row \($0)" })
    }

    private static func lastSaved(in text: String) -> Int {
        text.split(separator: "\n").compactMap { line in
            line.hasPrefix("SAVED ") ? Int(line.dropFirst(6)) : nil
        }.last ?? 0
    }
    #endif
}
