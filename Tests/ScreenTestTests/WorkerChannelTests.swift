import Foundation
import Testing
@testable import ScreenTest
import LuaBridge

#if canImport(Glibc)
import Glibc
#endif

/// How a worker writes its events: at once, or gathered in memory it shares with its forks.
struct WorkerChannelTests {
    /// Runs `body` with a channel on a pipe and the pipe's reading end (not blocking);
    /// `buffering` as in a fork, where lines wait a minute at most (a slow machine cannot
    /// flush them early here).
    func withChannel(buffering: Bool, _ body: (WorkerChannel, Int32) throws -> Void) throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        let channel = WorkerChannel(descriptor: ends[1], flushInterval: 60)
        channel.prepareSharing()
        if buffering { channel.startBuffering() }
        try body(channel, ends[0])
    }

    func available(_ descriptor: Int32) -> String {
        var bytes = [UInt8](repeating: 0, count: 1 << 16)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count > 0 ? String(decoding: bytes[0..<count], as: UTF8.self) : ""
    }

    @Test func linesGoOutAtOnceUnlessBuffering() throws {
        try withChannel(buffering: false) { channel, reader in
            #expect(channel.append(Array("one\n".utf8)))
            #expect(available(reader) == "one\n")
        }
    }

    @Test func aBufferingChannelGathersLinesUntilAnUrgentOneOrAFlush() throws {
        try withChannel(buffering: true) { channel, reader in
            #expect(channel.append(Array("call\n".utf8)))
            #expect(channel.append(Array("result\n".utf8)))
            #expect(available(reader) == "")
            #expect(channel.append(Array("failed\n".utf8), urgent: true))
            #expect(available(reader) == "call\nresult\nfailed\n")
            #expect(channel.append(Array("call\n".utf8)))
            // What the worker does once its fork died: the fork's lines, from the shared memory.
            channel.flush()
            #expect(available(reader) == "call\n")
            // A line written at once comes after the lines gathered.
            #expect(channel.append(Array("a\n".utf8)))
            #expect(channel.write(Array("stuck\n".utf8)))
            #expect(available(reader) == "a\nstuck\n")
        }
    }

    @Test func aCallLineStillGatheredGivesWayToItsResult() throws {
        try withChannel(buffering: true) { channel, reader in
            #expect(channel.append(Array("block\n".utf8), kind: .call))
            #expect(channel.append(Array("test\n".utf8), kind: .call))
            #expect(channel.append(Array("passed\n".utf8), kind: .result))
            channel.flush()
            // The block's call stays: another call, not a result, came after it.
            #expect(available(reader) == "block\npassed\n")
            // A call the parent heard of stays: its result follows it.
            #expect(channel.append(Array("test\n".utf8), kind: .call))
            channel.flush()
            #expect(channel.append(Array("failed\n".utf8), urgent: true, kind: .result))
            #expect(available(reader) == "test\nfailed\n")
            // So does one that something else followed.
            #expect(channel.append(Array("test\n".utf8), kind: .call))
            #expect(channel.append(Array("same\n".utf8)))
            #expect(channel.append(Array("passed\n".utf8), kind: .result))
            channel.flush()
            #expect(available(reader) == "test\nsame\npassed\n")
        }
    }

    @Test func linesThatFillTheBufferPushOutTheOnesBefore() throws {
        try withChannel(buffering: true) { channel, reader in
            #expect(channel.append(Array("first\n".utf8)))
            let long = String(repeating: "x", count: WorkerChannel.capacity / 2) + "\n"
            #expect(channel.append(Array(long.utf8)))
            #expect(channel.append(Array(long.utf8)))
            #expect(available(reader) == "first\n" + long)
            channel.flush()
            #expect(available(reader) == long)
        }
    }

    @Test(arguments: ["suite", ".", "./a/../b/", "a/./b/..", "/x/../y", "/", "../.."])
    func anAbsolutePathIsWhatURLMakesOfIt(path: String) {
        #expect(TestRunner.absolutePath(path) == URL(fileURLWithPath: path).standardizedFileURL.path)
    }

    /// What `(paths .. ";" .. path):gsub(";;", ";")` gives, busted's way of putting --lpath
    /// first, worked out by Lua 5.4 itself.
    @Test func lpathGoesFirstAsBustedPutsIt() throws {
        let lua = try LuaState(libraries: .all)
        let gsub = try lua.load("local p, q = ...; return ((p .. ';' .. q):gsub(';;', ';'))", name: "=gsub")
        for (paths, path) in [("lib/?.lua", "./?.lua;/usr/?.lua"), ("a;;b;", ";;;x"), ("a;", ";b"), (";;;;", ";"),
                              ("", "./?.lua"), ("é/?.lua", "ü;;")] {
            let expected = paths.isEmpty ? path : try gsub.call(paths, path, returning: String.self)
            #expect(TestRunner.prepending(paths, to: path) == expected, "\(paths) \(path)")
        }
    }
}
