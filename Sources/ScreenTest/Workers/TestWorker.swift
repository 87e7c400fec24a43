import Foundation
import LuaBridge
import WorkerShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The worker side of ``WorkerPool``: runs the files its parent sends, one at a time, each
/// in a fresh Lua state, and tells the parent what runs and what came of it.
///
/// It is started with requests on standard input, events going to descriptor 3, and
/// standard output and error going to a file the parent reads (see ``WorkerProcess``).
/// It takes the pipes off descriptors 0 and 3 at once, so that processes a test starts
/// (`os.execute`) neither read its requests nor hold its events pipe open.
public enum TestWorker {
    /// Starts the first worker of a coming run (`command`, which the run's
    /// ``TestRunner/Options/workerCommand`` must equal to take it) while the program still
    /// reads its command line, so that the two overlap; give it to the run as its
    /// ``TestRunner/prestartedWorker``.
    public static func prestart(_ command: [String]) -> PrestartedWorker? {
        WorkerProcess.prestart(command)
    }

    /// Serves its parent until it closes the requests.
    /// - Parameters:
    ///   - forked: whether this process is a fork of its parent (see ``prestart(_:)``; later
    ///     workers of a run are forks too where they can be): it gets ready for its first
    ///     file whether its setup came or not.
    ///   - sibling: whether descriptors 4, 5 and 6 hold the channels of a second worker
    ///     (its requests, events and output), which this one makes as a copy of itself when
    ///     its setup asks (see ``WorkerSetup/sibling``) and closes otherwise.
    /// - Returns: the exit status: 0, or 2 when it was not started by a parent.
    public static func serve(forked: Bool = false, sibling: Bool = false) -> Int32 {
        // As its parent has it, who may have started it before ignoring the signal itself:
        // a test writing to a closed pipe gets an error, not the end of the worker.
        signal(SIGPIPE, SIG_IGN)
        guard let (requests, events) = takeChannels() else {
            printToStandardError("screens test --worker: run by `screens test`, not by hand")
            return 2
        }
        let siblingChannels: [Int32] = sibling ? [4, 5, 6] : []
        var reader = LineReader(descriptor: requests)
        // One cache for every file this worker runs: what one compiled, the next loads.
        let chunks = ChunkCache()
        let savedAreCurrent = chunks.loadSaved()
        // Started before its parent read its command line (see ``prestart(_:)``), the worker
        // waits for its setup: it spends the time getting ready.
        var prepared = forked || isWaiting(requests)
            ? warmUp(closing: [requests, events] + siblingChannels, compilingLuassert: !savedAreCurrent, chunks: chunks)
            : nil
        guard let line = reader.readLine(), let setup = WorkerSetup(line: line) else {
            printToStandardError("screens test --worker: no setup from the parent")
            return 2
        }
        // Started on a CPU of its own, while its parent read its command line (see
        // ``WorkerProcess/prestart(_:)``): the run's files and forks go on any.
        if forked { wsh_runanywhere() }
        guard FileManager.default.changeCurrentDirectoryPath(setup.folder) else {
            printToStandardError("screens test --worker: cannot change to the folder \(setup.folder)")
            return 2
        }
        let runner = TestRunner(options: setup.options, chunks: chunks)
        // Handed over, not kept here too: the host must close when its file is done, as
        // what runs as it closes (finalizers) belongs to the file.
        runner.prepared = prepared
        prepared = nil
        var warmedUp = false
        #if os(Linux)
        // The run's second worker: this one, ready, copied, rather than a worker that makes
        // its template and warms up again.
        if setup.sibling == true, !siblingChannels.isEmpty, runner.template() != nil, WorkerProcess.isSingleThreaded {
            warmUpForForks(runner)
            warmedUp = true
            chunks.saveIfChanged()
            if startSibling(channels: siblingChannels, closing: [requests, events]) {
                guard let (requests, events) = takeChannels() else { _exit(2) }
                guard writeAll(events, WorkerMessage.ready(pid: getpid())) else { _exit(0) }
                var reader = LineReader(descriptor: requests)
                return serveFiles(from: &reader, events: events, runner: runner, chunks: chunks, warmedUp: true)
            }
        }
        #endif
        for descriptor in siblingChannels { close(descriptor) }
        return serveFiles(from: &reader, events: events, runner: runner, chunks: chunks, warmedUp: warmedUp)
    }

    /// Takes the requests (descriptor 0) and events (3) pipes to descriptors of 10 or more,
    /// closed on exec, and leaves 0 reading nothing and 3 closed: processes a test starts
    /// neither read the requests nor hold the events open.
    private static func takeChannels() -> (requests: Int32, events: Int32)? {
        let requests = fcntl(0, F_DUPFD_CLOEXEC, 10)
        let events = fcntl(3, F_DUPFD_CLOEXEC, 10)
        guard requests >= 0, events >= 0 else { return nil }
        close(3)
        let null = open("/dev/null", O_RDONLY)
        if null >= 0 {
            dup2(null, 0)
            close(null)
        }
        return (requests, events)
    }

    /// Runs the files the parent asks for until it closes the requests.
    /// - Parameter warmedUp: whether the worker ran a file of its own already (see
    ///   ``TestRunner/warmUp()``).
    private static func serveFiles(
        from reader: inout LineReader, events: Int32, runner: TestRunner, chunks: ChunkCache, warmedUp: Bool
    ) -> Int32 {
        let requests = reader.descriptor
        let channel = WorkerChannel(descriptor: events)
        let stuck = WorkerMessage.stuck
        runner.onStuck = { _ = channel.write(stuck) }
        // The parent hears of the call that reached its limit, should it have to end the
        // worker (code blocked in C).
        runner.onTimeLimit = { channel.flush() }
        var lastWrite: UInt64 = 0
        let write = { (bytes: [UInt8], urgent: Bool, kind: WorkerChannel.Line) in
            // The parent is gone: nobody is left to report to.
            guard channel.append(bytes, urgent: urgent, kind: kind) else { exit(0) }
            lastWrite = Watchdog.now()
        }
        let send = { (event: WorkerEvent) in
            write(event.line, event.kind == .done || event.result?.status == .failed, WorkerChannel.Line(event.kind))
        }
        // A test's calls (its hooks, its body) all run the same entry: said once, then only
        // that another call started.
        var said: TestCall?
        var warmedUp = warmedUp
        while let line = reader.readLine() {
            guard let request = WorkerRequest(line: line) else { continue }
            var forked = false
            // A fork's file starts with what was made for it here, once for all its forks.
            var start: FileStart?
            #if os(Linux)
            // Each file in a fork of this process, from the template: a fresh state costs
            // what copying its pages on write costs. The last file queued runs here, in the
            // state made for it: no file after it needs the template.
            if request.last == true {
                runner.endsAfterFile = true
                channel.watchTimeLimit(stuck: stuck, stuckTime: Watchdog.defaultStuckTime)
            } else if runner.template() != nil, WorkerProcess.isSingleThreaded {
                if !warmedUp {
                    warmedUp = true
                    warmUpForForks(runner)
                }
                chunks.saveIfChanged()
                channel.prepareSharing()
                start = runner.start(of: request.file)
                switch forkForFile(closing: requests) {
                case .parent(let ending):
                    // What the fork gathered and could not write, when it died.
                    channel.flush()
                    mirror(ending)
                    continue
                case .child:
                    forked = true
                    channel.startBuffering()
                    runner.endsAfterFile = true
                    channel.watchTimeLimit(stuck: stuck, stuckTime: Watchdog.defaultStuckTime)
                case .failed:
                    break
                }
            }
            #endif
            said = nil
            runner.run(file: request.file, after: request.after, start: start, onCall: { call in
                if call == said {
                    // Only to keep the parent's count of silence from the call's start:
                    // within a tenth of a second of the last word it is left out, which
                    // the parent's allowance beyond the time limit (2 s or more) covers.
                    if Watchdog.now() &- lastWrite >= Self.sameCallInterval { write(WorkerMessage.sameCall, false, .other) }
                } else {
                    said = call
                    send(WorkerEvent(kind: .call, call: call, started: Watchdog.now()))
                }
            }, result: { result in
                said = nil
                send(WorkerEvent(kind: .result, result: result, output: takeOutput()))
            })
            // Before the parent hears the file is done, so that a run has written what it
            // compiled by the time it ends; only a run that compiled something pays it.
            chunks.saveIfChanged()
            let leftovers = runner.takeSnapshotUses()
            let coverage = runner.takeCoverage()
            send(WorkerEvent(
                kind: .done, output: takeOutput(), snapshots: leftovers.isEmpty ? nil : leftovers,
                coverage: coverage.isEmpty ? nil : coverage))
            if forked {
                fflush(nil)
                _exit(0)
            }
        }
        return 0
    }

    #if os(Linux)
    private enum Fork {
        /// In the worker, once the fork ran the file: how it ended.
        case parent(WorkerProcess.Ending)
        /// In the fork, which runs the file, says it is done and exits.
        case child
        /// No fork could be made: the worker runs the file itself.
        case failed
    }

    /// Runs a file of the worker's own before its first fork (``TestRunner/warmUp()``), its
    /// events' lines made and dropped: writing them costs most the first time.
    private static func warmUpForForks(_ runner: TestRunner) {
        runner.warmUp(onCall: { _ = WorkerEvent(kind: .call, call: $0).line }, result: { result in
            _ = WorkerEvent(kind: .result, result: result, output: "").line
        })
        _ = WorkerEvent(kind: .done, output: "").line
    }

    /// Makes the run's second worker a copy of this one, which has a single thread: a fork
    /// of a fork that ends at once, so that the copy is handed to the nearest subreaper, the
    /// parent (see ``WorkerProcess/prestart(_:)``), which can then wait for it as for its
    /// own. The copy takes `channels` (its requests, events and output) as its descriptors
    /// 0, 3, and 1 and 2, and closes this worker's `closing`.
    /// - Returns: true in the copy; false here, once the copy is made or could not be.
    private static func startSibling(channels: [Int32], closing: [Int32]) -> Bool {
        fflush(nil)
        let middle = fork()
        if middle == 0 {
            if fork() != 0 { _exit(0) }
            for descriptor in closing { close(descriptor) }
            _ = dup2(channels[0], 0)
            _ = dup2(channels[2], 1)
            _ = dup2(channels[2], 2)
            _ = dup2(channels[1], 3)
            for descriptor in channels { close(descriptor) }
            return true
        }
        if middle > 0 {
            var status: Int32 = 0
            while waitpid(middle, &status, 0) < 0 && errno == EINTR {}
        }
        return false
    }

    /// Forks this process, which has a single thread, for one file. The fork reads no
    /// requests and dies with the worker (a worker its parent ends, stuck or past its time,
    /// takes its fork with it).
    private static func forkForFile(closing requests: Int32) -> Fork {
        fflush(nil)
        let worker = getpid()
        let pid = fork()
        if pid == 0 {
            _ = wsh_dieswithparent()
            // The worker ended before the line above: nobody would hear of the file.
            if getppid() != worker { _exit(0) }
            close(requests)
            return .child
        }
        guard pid > 0 else { return .failed }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED and friends are macros Swift does not import.
        let signal = status & 0x7f
        return .parent(signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal))
    }

    /// Ends this worker as its fork ended, when that was not a normal end: the parent then
    /// reports the test that was running as it reports a worker that died, and goes on with
    /// a new worker.
    private static func mirror(_ ending: WorkerProcess.Ending) {
        switch ending {
        case .exited(0):
            return
        case .exited(let status):
            _exit(status)
        case .signalled(let number):
            signal(number, SIG_DFL)
            raise(number)
            _exit(128 + number)
        }
    }
    #endif

    /// Does what the first file's start would, but for its options: makes its host and
    /// compiles the runner's modules here while a process forked from this one compiles
    /// luassert (see ``compiledChunks(closing:chunks:)``), the two about as long, unless
    /// `compilingLuassert` is false (an earlier run's chunks are all kept); when the setup
    /// has still not come, codes messages of each kind once, which costs most the first
    /// time in a process.
    ///
    /// - Returns: the host for the first file.
    private static func warmUp(
        closing descriptors: [Int32], compilingLuassert: Bool, chunks: ChunkCache
    ) -> TestRunner.PreparedHost? {
        let compiling = compilingLuassert ? compiledChunks(closing: descriptors, chunks: chunks) : nil
        var prepared = TestRunner.prepare(chunks: chunks)
        if let lua = prepared?.lua {
            chunks.warmUpRunner(in: lua)
        } else if let lua = try? LuaState(libraries: .all) {
            chunks.warmUpRunner(in: lua)
        }
        if let compiling {
            chunks.keep(serialized: compiling.read())
        } else if compilingLuassert {
            chunks.warmUpLuassert()
        }
        // Then loaded into the host, from the chunks kept: it is the template of the files
        // forked from it, and the host of the last file, which runs here.
        if var host = prepared {
            TestRunner.preload(&host, chunks: chunks)
            prepared = host
        }
        return prepared
    }

    /// Starts compiling luassert's chunks in a fork of this process, which must have a single
    /// thread (a worker has, before its first file): the fork writes them to a pipe and
    /// ends. It closes its copy of `closing` (the worker's pipes) and of the output, so that
    /// only this worker holds them.
    ///
    /// - Returns: what reads the chunks and waits for the fork to end; nil when no fork
    ///   could be made, or this process has other threads.
    private static func compiledChunks(closing descriptors: [Int32], chunks: ChunkCache) -> ChunkReader? {
        #if os(Linux)
        guard WorkerProcess.isSingleThreaded else { return nil }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        fflush(nil)
        let pid = fork()
        if pid == 0 {
            close(ends[0])
            for descriptor in descriptors { close(descriptor) }
            let null = open("/dev/null", O_WRONLY)
            for descriptor in [Int32(1), 2] { _ = dup2(null, descriptor) }
            chunks.warmUpLuassert()
            writeAll(ends[1], chunks.serialized())
            _exit(0)
        }
        close(ends[1])
        guard pid > 0 else {
            close(ends[0])
            return nil
        }
        return ChunkReader(pid: pid, descriptor: ends[0])
        #else
        return nil
        #endif
    }

    /// The reading end of ``compiledChunks(closing:chunks:)``.
    private struct ChunkReader {
        let pid: pid_t
        let descriptor: Int32

        /// Everything the fork wrote, once it closed the pipe; the fork is then waited for.
        func read() -> [UInt8] {
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { readDescriptor(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    bytes.append(contentsOf: chunk[0..<count])
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
            close(descriptor)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return bytes
        }
    }

    /// Whether nothing is there to read yet.
    private static func isWaiting(_ descriptor: Int32) -> Bool {
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, 0) == 0
    }

    /// Nanoseconds after the last event within which a call of the same entry goes unsaid.
    static let sameCallInterval = Watchdog.nanoseconds(0.1)

    /// What the file printed since the last time, emptying the output file.
    private static func takeOutput() -> String? {
        fflush(nil)
        return WorkerOutput.read(1, truncate: true)
    }

    private static func printToStandardError(_ text: String) {
        writeAll(2, Array((text + "\n").utf8))
    }
}

/// The events descriptor, written whole lines at a time by the worker's thread and its
/// watchdog's.
///
/// A fork running a file (``startBuffering()``) gathers its lines rather than writing each:
/// they go out together when 50 ms have passed since the last write, when the
/// buffer is full, for a failure (`--fail-fast` stops the run on it), when the call running
/// reaches its time limit or is stuck, and at the file's end. The parent then wakes a few
/// times a file, not twice a test; and a call's line still gathered when its result comes
/// is replaced by the result, which tells the parent all the call would have. The buffer
/// is memory the fork shares with the worker (made before the first fork,
/// ``prepareSharing()``): when the fork dies, what it gathered is not lost, as the worker
/// writes it (``flush()``) before it reports the fork's end, so that the parent knows the
/// test that was running.
nonisolated final class WorkerChannel: @unchecked Sendable {
    let descriptor: Int32
    private let lock = NSLock()
    /// Shared with the forks: the count of bytes gathered and where the last call's line
    /// starts, then the bytes. Guarded by `lock`, and by `wsh_channelbusy` against the time
    /// limit's signal (see ``watchTimeLimit(stuck:stuckTime:)``).
    private var shared: UnsafeMutablePointer<wsh_Gathered>?
    private var buffering = false
    private var flushedAt: UInt64 = 0

    /// What a line tells the parent, as far as gathering goes.
    enum Line {
        /// A call started: the parent keeps it until the call's result.
        case call
        /// A call's result, which ends the call.
        case result
        case other

        init(_ kind: WorkerEvent.Kind) {
            switch kind {
            case .call: self = .call
            case .result: self = .result
            case .done, .stuck: self = .other
            }
        }
    }

    /// Nanoseconds gathered lines may wait at most, while lines come.
    private let flushInterval: UInt64

    /// The bytes the shared buffer holds, after its count.
    static let capacity = 64 * 1024

    /// - Parameter flushInterval: seconds gathered lines wait at most, while lines come.
    init(descriptor: Int32, flushInterval: Double = 0.05) {
        self.descriptor = descriptor
        self.flushInterval = Watchdog.nanoseconds(flushInterval)
    }

    /// Makes the buffer the forks share with this process, once, before the first fork.
    func prepareSharing() {
        lock.lock()
        defer { lock.unlock() }
        guard shared == nil else { return }
        let size = MemoryLayout<wsh_Gathered>.stride + Self.capacity
        let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0)
        guard let memory, memory != MAP_FAILED else { return }
        let gathered = memory.bindMemory(to: wsh_Gathered.self, capacity: 1)
        gathered.initialize(to: wsh_Gathered(count: 0, callline: -1))
        shared = gathered
    }

    /// In a fork: lines gather in the shared buffer from now on (see ``append(_:urgent:)``).
    func startBuffering() {
        lock.lock()
        buffering = shared != nil
        flushedAt = Watchdog.now()
        lock.unlock()
    }

    #if os(Linux)
    /// In the process that runs a file and ends (a fork, or the worker for its last file):
    /// the time limit's signal (an ``AlarmWatchdog``'s) writes here what was gathered as a
    /// call reaches its limit, and `stuck` once the stopped code has used `stuckTime`
    /// seconds of CPU time without reaching the runner.
    func watchTimeLimit(stuck: [UInt8], stuckTime: Double) {
        lock.lock()
        defer { lock.unlock() }
        stuck.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                wsh_alarmchannel(descriptor, shared, $0.baseAddress, $0.count, Watchdog.nanoseconds(stuckTime))
            }
        }
    }
    #endif

    /// Writes a line at once, after the lines gathered.
    /// - Returns: false when the parent is gone.
    func write(_ bytes: [UInt8]) -> Bool {
        enter()
        defer { leave() }
        return flushLocked() && writeAll(descriptor, bytes)
    }

    /// Writes a line, or gathers it while buffering; `urgent` writes it and what was
    /// gathered at once.
    /// - Returns: false when the parent is gone.
    func append(_ bytes: [UInt8], urgent: Bool = false, kind: Line = .other) -> Bool {
        enter()
        defer { leave() }
        guard buffering, let shared else { return writeAll(descriptor, bytes) }
        var count = shared.pointee.count
        let callLine = shared.pointee.callline
        if kind == .result, callLine >= 0, callLine <= count {
            // Taken back before the result is copied: a fork that dies in between leaves
            // neither, and the call had ended.
            count = callLine
            shared.pointee.count = count
        }
        shared.pointee.callline = -1
        if count + bytes.count > Self.capacity {
            guard flushLocked() else { return false }
            count = 0
        }
        guard bytes.count <= Self.capacity else { return writeAll(descriptor, bytes) }
        let start = UnsafeMutableRawPointer(shared + 1) + count
        bytes.withUnsafeBytes { start.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        // The count last: a fork that dies while copying leaves no half line.
        shared.pointee.count = count + bytes.count
        if kind == .call { shared.pointee.callline = count }
        if urgent || Watchdog.now() &- flushedAt >= flushInterval { return flushLocked() }
        return true
    }

    /// Writes the lines gathered: in a fork, all it has; in the worker once its fork ended,
    /// what the fork left.
    /// - Returns: false when the parent is gone.
    @discardableResult
    func flush() -> Bool {
        enter()
        defer { leave() }
        return flushLocked()
    }

    private func enter() {
        lock.lock()
        wsh_enterchannel()
    }

    private func leave() {
        wsh_leavechannel()
        lock.unlock()
    }

    private func flushLocked() -> Bool {
        flushedAt = Watchdog.now()
        return wsh_flushgathered(descriptor, shared) == 0
    }
}

// The system's `read`, which the method of the same name hides inside ChunkReader.
private func readDescriptor(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
