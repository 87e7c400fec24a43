#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import EventLoop

@MainActor
@Suite("Loop readers")
struct LoopReaderTests {
    @Test("a pipe written from a timer wakes the real-clock loop, which reads it")
    func pipeWakesRealLoop() {
        let loop = EventLoop(clock: .real)
        let pipe = Pipe()
        var read: [String] = []
        loop.addReader(pipe.readEnd) {
            read.append(pipe.drain())
            loop.quit()
        }
        loop.after(0.01) { _ in pipe.write("hello") }
        loop.every(30) { _ in }  // a failing reader must not let run() return early
        loop.run()
        #expect(read == ["hello"])
    }

    @Test("readers keep the real-clock loop running without any timer")
    func readersKeepRunning() {
        let loop = EventLoop(clock: .real)
        let pipe = Pipe()
        pipe.write("x")
        var calls = 0
        loop.addReader(pipe.readEnd) {
            _ = pipe.drain()
            calls += 1
            loop.quit()
        }
        loop.run()
        #expect(calls == 1)
    }

    @Test("a cancelled reader is not called, and the loop forgets it")
    func cancel() {
        let loop = EventLoop(clock: .virtual)
        let pipe = Pipe()
        var calls = 0
        let reader = loop.addReader(pipe.readEnd) { calls += 1 }
        pipe.write("a")
        reader.cancel()
        reader.cancel()
        loop.runUntilIdle()
        #expect(calls == 0)
        #expect(reader.isCancelled)
        #expect(loop.watchedDescriptors.isEmpty)
    }

    @Test("a reader cancelled by another ready in the same step is not called")
    func cancelledByAnother() {
        let loop = EventLoop(clock: .virtual)
        let first = Pipe(), second = Pipe()
        var log: [String] = []
        var secondReader: LoopReader?
        loop.addReader(first.readEnd) {
            _ = first.drain()
            log.append("first")
            secondReader?.cancel()
        }
        secondReader = loop.addReader(second.readEnd) {
            _ = second.drain()
            log.append("second")
        }
        first.write("1")
        second.write("2")
        loop.runUntilIdle()
        #expect(log == ["first"])
    }

    @Test("several readers: each is called for its own descriptor, in the order added")
    func severalReaders() {
        let loop = EventLoop(clock: .virtual)
        let pipes = [Pipe(), Pipe(), Pipe()]
        var log: [String] = []
        for (index, pipe) in pipes.enumerated() {
            loop.addReader(pipe.readEnd) { log.append("\(index):\(pipe.drain())") }
        }
        pipes[2].write("c")
        pipes[0].write("a")
        loop.runUntilIdle()
        #expect(log == ["0:a", "2:c"])
        pipes[1].write("b")
        loop.runUntilIdle()
        #expect(log == ["0:a", "2:c", "1:b"])
    }

    @Test("events a reader queues are handled in the same step")
    func readerQueuesInput() {
        let loop = EventLoop(clock: .virtual)
        let pipe = Pipe()
        var received: [InputEvent] = []
        loop.inputHandler = { received.append($0) }
        loop.addReader(pipe.readEnd) {
            for character in pipe.drain() { loop.enqueue(.key(String(character))) }
        }
        pipe.write("ab")
        #expect(loop.runOnce())
        #expect(received == [.key("a"), .key("b")])
    }

    @Test("a reader whose descriptor was closed is removed, never a busy loop")
    func closedDescriptorRemoved() {
        let loop = EventLoop(clock: .real)
        let pipe = Pipe()
        var calls = 0
        let reader = loop.addReader(pipe.readEnd) { calls += 1 }
        pipe.closeReadEnd()
        // With the reader gone and nothing else left, run() returns by itself.
        loop.run()
        #expect(calls == 0)
        #expect(reader.isCancelled)
        #expect(loop.watchedDescriptors.isEmpty)
    }

    @Test("a pipe whose writer closed gets one call at its end, then the reader is dropped")
    func hangUpCalledOnceThenDropped() {
        let loop = EventLoop(clock: .real)
        let pipe = Pipe()
        var reads: [String] = []
        let reader = loop.addReader(pipe.readEnd) { reads.append(pipe.drain()) }
        pipe.write("last")
        pipe.closeWriteEnd()
        loop.run()
        #expect(reads == ["last", ""])
        #expect(reader.isCancelled)
    }

    @Test("an input source and readers together: both feed the real-clock loop")
    func readerWithInputSource() {
        let loop = EventLoop(clock: .real)
        let pipe = Pipe()
        let source = ScriptedInput([[], [.key("s")], [], [], []])
        loop.inputSource = source
        var log: [String] = []
        loop.inputHandler = { event in
            log.append("\(event)")
            pipe.write("p")
        }
        loop.addReader(pipe.readEnd) {
            log.append("pipe \(pipe.drain())")
            loop.quit()
        }
        loop.run()
        #expect(log == ["key(\"s\")", "pipe p"])
    }

    @Test("on the virtual clock readers are checked without waiting and do not keep run going")
    func virtualClockDoesNotWait() {
        let loop = EventLoop(clock: .virtual)
        let pipe = Pipe()
        var calls = 0
        loop.addReader(pipe.readEnd) {
            _ = pipe.drain()
            calls += 1
        }
        loop.run()
        #expect(calls == 0)
        pipe.write("z")
        loop.after(1) { _ in }
        loop.run()
        #expect(calls == 1)
        #expect(loop.now == 1)
    }
}

/// A pipe whose ends the test closes itself, or its deinit.
final class Pipe {
    private(set) var readEnd: Int32 = -1
    private(set) var writeEnd: Int32 = -1

    init() {
        var fds: [Int32] = [0, 0]
        let result = fds.withUnsafeMutableBufferPointer { pipe($0.baseAddress) }
        precondition(result == 0)
        readEnd = fds[0]
        writeEnd = fds[1]
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(writeEnd, $0.baseAddress, $0.count) }
    }

    /// Reads what is there without blocking.
    func drain() -> String {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            result += buffer[0..<count]
        }
        return String(decoding: result, as: UTF8.self)
    }

    func closeReadEnd() {
        close(readEnd)
        readEnd = -1
    }

    func closeWriteEnd() {
        close(writeEnd)
        writeEnd = -1
    }
}
