import Foundation
import Testing
import EventLoop
@testable import ScreenHost

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The watcher tells of a save once, whichever way the editor writes it, with inotify and
/// by polling; both run here on a virtual clock.
@MainActor
final class FileWatcherTests {
    let folder: String
    let loop = EventLoop(clock: .virtual)
    var told: [[String]] = []

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder + "/lib", withIntermediateDirectories: true)
        try write("main.lua", "return {}")
        try write("detail.lua", "return {}")
        try write("lib/util.lua", "return {}")
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
    }

    func watcher(_ method: FileWatcher.Method) -> FileWatcher {
        let watcher = FileWatcher(folder: folder, loop: loop) { [unowned self] files in told.append(files) }
        let used = watcher.start(method)
        #if os(Linux)
        #expect(used == method)
        #else
        #expect(used == .polling)
        #endif
        return watcher
    }

    /// Long enough for a poll and the debounce after it.
    func settle() {
        loop.advance(by: 1)
    }

    nonisolated static let methods: [FileWatcher.Method] = [.inotify, .polling]

    @Test(arguments: methods) func aWriteIsToldOnce(_ method: FileWatcher.Method) throws {
        let watcher = watcher(method)
        settle()
        #expect(told.isEmpty)
        try write("detail.lua", "return { changed = true }")
        settle()
        #expect(told == [["detail.lua"]])
        settle()
        #expect(told.count == 1)
        _ = watcher
    }

    @Test(arguments: methods) func aRenameOverTheFileIsAChange(_ method: FileWatcher.Method) throws {
        let watcher = watcher(method)
        try write(".main.lua.swp", "x")
        try write("main.lua.tmp", "return { 1 }")
        #expect(rename(folder + "/main.lua.tmp", folder + "/main.lua") == 0)
        settle()
        #expect(told == [["main.lua"]])
        _ = watcher
    }

    @Test(arguments: methods) func severalFilesInOneSaveAreToldTogether(_ method: FileWatcher.Method) throws {
        let watcher = watcher(method)
        try write("main.lua", "return { 2 }")
        loop.advance(by: 0.05)
        try write("detail.lua", "return { 2 }")
        try write("lib/util.lua", "return { 2 }")
        settle()
        #expect(told == [["detail.lua", "lib/util.lua", "main.lua"]])
        _ = watcher
    }

    @Test(arguments: methods) func aDeletedFileIsAChangeAndOtherFilesAreNot(_ method: FileWatcher.Method) throws {
        let watcher = watcher(method)
        try FileManager.default.removeItem(atPath: folder + "/detail.lua")
        try write("notes.txt", "not Lua")
        settle()
        #expect(told == [["detail.lua"]])
        _ = watcher
    }

    @Test(arguments: methods) func aFileInANewFolderIsWatched(_ method: FileWatcher.Method) throws {
        let watcher = watcher(method)
        try FileManager.default.createDirectory(atPath: folder + "/views", withIntermediateDirectories: true)
        loop.advance(by: 0.05)
        try write("views/card.lua", "return {}")
        settle()
        #expect(told.last == ["views/card.lua"])
        _ = watcher
    }

    @Test func aStoppedWatcherTellsNothing() throws {
        let watcher = watcher(.polling)
        try write("main.lua", "return { 3 }")
        watcher.stop()
        settle()
        #expect(told.isEmpty)
        #expect(watcher.method == nil)
    }
}
