import Foundation
import WorkerShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One worker process, as its parent sees it: the pipe it reads requests from, the pipe it
/// writes events to, and the file its standard output and error go to (unlinked, so nothing
/// is left behind), which the parent reads when the worker dies before saying what it printed.
///
/// The worker gets them as descriptors 0 (requests), 3 (events), 1 and 2 (output). Every
/// other descriptor of the parent is closed on exec, so a worker holds no other's pipes.
final class WorkerProcess {
    /// 0 for a worker another one makes as a copy of itself until it says its id
    /// (``adopt(pid:)``).
    private(set) var pid: pid_t
    /// Where the parent writes requests.
    let requests: Int32
    /// What the parent reads events from.
    var events: LineReader
    /// The output file, shared with the worker.
    let output: Int32
    private var closed = false
    private var requestsClosed = false

    /// How a worker ended.
    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// A worker that could not be started.
    struct StartError: Error, CustomStringConvertible {
        var message: String
        var description: String { "cannot start a test worker process: \(message)" }
    }

    private init(pid: pid_t, requests: Int32, events: Int32, output: Int32) {
        self.pid = pid
        self.requests = requests
        self.events = LineReader(descriptor: events)
        self.output = output
    }

    /// Starts the first worker of a run that is likely to need one (`screens test`) while
    /// the program still reads its command line: the worker's own start then overlaps it.
    /// The run that takes it (``start(_:taking:)``) hands it out for the same command; a run
    /// that needs no worker leaves it to end by itself when this process ends and closes its
    /// requests.
    ///
    /// While this process has a single thread (it has, at the start of `main`), the worker is
    /// a fork of it rather than a new program: it runs ``TestWorker/serve()`` at once, without
    /// loading the program again, and with nothing of the parent's but its pipes (see
    /// ``fork(_:)``). Otherwise it starts `command`.
    ///
    /// A forked worker also gets the channels of a second worker, where the machine has more
    /// than one core: should the run want two, the first makes the second as a copy of
    /// itself once it is ready (``WorkerSetup/sibling``), which spares the second making its
    /// own template and warming up again. The copy is made through a fork that ends at once,
    /// so that it is handed to this process, which becomes a subreaper for it.
    static func prestart(_ command: [String]) -> PrestartedWorker? {
        #if os(Linux)
        var forked: WorkerProcess?
        var sibling: WorkerProcess?
        if isSingleThreaded {
            let spare = wsh_cpucount() > 1 && wsh_becomesubreaper() == 0 ? try? Channels() : nil
            forked = try? fork(command, sibling: spare, elsewhere: true)
            if let spare {
                if forked != nil {
                    sibling = try? spare.worker(pid: 0, error: nil)
                } else {
                    spare.closeAll()
                }
            }
        }
        #else
        let forked: WorkerProcess? = nil
        let sibling: WorkerProcess? = nil
        #endif
        guard let process = forked ?? (try? launch(command)) else { return nil }
        return PrestartedWorker(command: command, process: process, sibling: sibling)
    }

    /// Whether this process has one thread: `/proc/self/task` lists one. Where it cannot be
    /// told, false.
    static var isSingleThreaded: Bool {
        #if os(Linux)
        guard let folder = opendir("/proc/self/task") else { return false }
        defer { closedir(folder) }
        var threads = 0
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { threads += 1 }
        }
        return threads == 1
        #else
        return false
        #endif
    }

    #if os(Linux)
    /// A worker made by forking this process, which must have a single thread: no lock of
    /// the Swift runtime, the C library or Foundation can then be held by a thread the child
    /// does not have. The child gets the pipes as ``launch(_:)``'s worker does, closes the
    /// parent's ends, and serves; it never returns from here. `command` names the program
    /// for the error when the fork fails.
    ///
    /// With `sibling`, a second worker's channels, the child also gets that worker's ends, as
    /// descriptors 4 (requests), 5 (events) and 6 (output), for the copy of itself it makes
    /// when asked. With `elsewhere`, the child runs on other CPUs than this process's until
    /// it has its setup (see `wsh_noteaffinity`).
    private static func fork(_ command: [String], sibling: Channels? = nil, elsewhere: Bool = false) throws -> WorkerProcess {
        let channels = try Channels()
        if elsewhere { wsh_noteaffinity() }
        // Nothing the parent buffered may be written twice, once by each.
        fflush(nil)
        let pid = forkProcess()
        if pid == 0 {
            if elsewhere { _ = wsh_leaveparentcpu(0) }
            // The child: its descriptors as an exec'd worker's are, and none of the parent's
            // (the ends of its pipes, and of other workers'), which exec would have closed.
            for (from, to) in channels.mapping { _ = dup2(from, to) }
            if let sibling {
                _ = dup2(sibling.requests[0], 4)
                _ = dup2(sibling.events[1], 5)
                _ = dup2(sibling.output, 6)
            }
            closefrom(sibling == nil ? 4 : 7)
            exit(TestWorker.serve(forked: true, sibling: sibling != nil))
        }
        if pid > 0, elsewhere { _ = wsh_leaveparentcpu(pid) }
        let error = pid > 0 ? nil : "\(command.first ?? "fork"): \(String(cString: strerror(errno)))"
        return try channels.worker(pid: pid, error: error)
    }
    #endif

    /// Starts `command` (an executable path and its arguments) as a worker, or hands out
    /// `prestarted` when it was started early for that command. While this process has a
    /// single thread and `command` runs this very program, the worker is a fork of this
    /// process, as a prestarted one is: it skips loading the program and starting its
    /// runtime, which is most of a worker's start.
    static func start(_ command: [String], taking prestarted: inout PrestartedWorker?) throws -> WorkerProcess {
        if let early = prestarted, early.command == command {
            prestarted = nil
            return early.process
        }
        #if os(Linux)
        if let executable = command.first, isThisProgram(executable), isSingleThreaded { return try fork(command) }
        #endif
        return try launch(command)
    }

    /// Whether `path` is the file this process runs.
    private static func isThisProgram(_ path: String) -> Bool {
        var given = stat()
        var running = stat()
        guard stat(path, &given) == 0, stat("/proc/self/exe", &running) == 0 else { return false }
        return given.st_dev == running.st_dev && given.st_ino == running.st_ino
    }

    private static func launch(_ command: [String]) throws -> WorkerProcess {
        guard let executable = command.first else { throw StartError(message: "no command") }
        let channels = try Channels()
        var pid: pid_t = 0
        let status = spawn(executable, command, pid: &pid, mapping: channels.mapping)
        return try channels.worker(pid: pid, error: status == 0 ? nil : "\(executable): \(String(cString: strerror(status)))")
    }

    /// A worker's pipes and output file, as the parent makes them before the worker starts.
    private struct Channels {
        let requests: [Int32]
        let events: [Int32]
        let output: Int32

        init() throws {
            requests = try WorkerProcess.makePipe()
            let events: [Int32]
            do {
                events = try WorkerProcess.makePipe()
            } catch {
                for fd in requests { closeDescriptor(fd) }
                throw error
            }
            self.events = events
            do {
                output = try WorkerProcess.makeOutputFile()
            } catch {
                for fd in requests + events { closeDescriptor(fd) }
                throw error
            }
        }

        /// What the worker gets: 0 the requests, 1 and 2 the output, 3 the events.
        var mapping: [(Int32, Int32)] { [(requests[0], 0), (output, 1), (output, 2), (events[1], 3)] }

        /// Closes both sides' ends: a worker was not started for them.
        func closeAll() {
            for fd in all { closeDescriptor(fd) }
        }

        var all: [Int32] { requests + events + [output] }

        /// The parent's side of the worker `pid`, its copies of the worker's ends closed; with
        /// an `error` (the worker did not start), none of it.
        func worker(pid: pid_t, error: String?) throws -> WorkerProcess {
            closeDescriptor(requests[0])
            closeDescriptor(events[1])
            if let error {
                for fd in [requests[1], events[0], output] { closeDescriptor(fd) }
                throw StartError(message: error)
            }
            return WorkerProcess(pid: pid, requests: requests[1], events: events[0], output: output)
        }
    }

    /// Sends one message, as its line (``WorkerSetup/line``, ``WorkerRequest/line``).
    /// - Returns: false when the worker is gone.
    func send(line: [UInt8]) -> Bool {
        writeAll(requests, line)
    }

    /// What the worker printed and did not report, up to a limit.
    func unreportedOutput() -> String? {
        WorkerOutput.read(output, truncate: false)
    }

    /// The id of a worker another made as a copy of itself, once it said it.
    func adopt(pid: pid_t) {
        self.pid = pid
    }

    /// Ends the worker at once.
    func kill() {
        guard pid > 0 else { return }
        _ = sendSignal(pid, SIGKILL)
    }

    /// Waits for the worker to end; one that has not ended within `seconds` is killed.
    func wait(seconds: Double) -> Ending {
        guard pid > 0 else { return .exited(-1) }
        let deadline = Watchdog.now() &+ Watchdog.nanoseconds(seconds)
        var status: Int32 = 0
        if !closed {
            // The events pipe hangs up as the worker ends (its descriptors close once its
            // memory is released): waiting for that first wakes this process as it ends,
            // where sleeping between looks overslept it by a few tenths of a millisecond.
            // A process the worker forked may hold the pipe: then the looks below go on.
            var hangUp = pollfd(fd: events.descriptor, events: 0, revents: 0)
            _ = poll(&hangUp, 1, Int32(min(max(seconds, 0), 0.05) * 1_000))
        }
        // A worker told to end takes a millisecond or two: look often at first.
        var pause: UInt32 = 50
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result < 0 && errno != EINTR { return .exited(-1) }
            if result == 0 && Watchdog.now() >= deadline {
                kill()
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                break
            }
            usleep(pause)
            pause = min(pause * 2, 2_000)
        }
        // WIFEXITED and friends are macros Swift does not import.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    /// Closes the requests, which tells an idle worker to exit.
    func closeRequests() {
        guard !requestsClosed else { return }
        requestsClosed = true
        closeDescriptor(requests)
    }

    /// Closes the parent's ends.
    func close() {
        guard !closed else { return }
        closed = true
        closeRequests()
        closeDescriptor(events.descriptor)
        closeDescriptor(output)
    }

    // MARK: - Starting

    /// A pipe whose ends are closed on exec and numbered above the standard descriptors.
    private static func makePipe() throws -> [Int32] {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw StartError(message: "pipe: \(String(cString: strerror(errno)))") }
        return [raised(fds[0]), raised(fds[1])]
    }

    /// A temporary file opened for appending and already unlinked.
    private static func makeOutputFile() throws -> Int32 {
        var template = Array((TestRunner.temporaryFolder + "/screens-test-output-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw StartError(message: "temporary file: \(String(cString: strerror(errno)))") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        // Writes of the worker always go to the end, after the parent or the worker has
        // truncated the file.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_APPEND)
        return raised(fd)
    }

    /// The same open file on a descriptor of 10 or more, closed on exec: mapping it to 0–3
    /// in the child is then always a real copy, which clears close-on-exec.
    private static func raised(_ fd: Int32) -> Int32 {
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 10)
        guard copy >= 0 else { return fd }
        closeDescriptor(fd)
        return copy
    }

    private static func spawn(
        _ executable: String, _ arguments: [String], pid: inout pid_t, mapping: [(Int32, Int32)]
    ) -> Int32 {
        #if os(Linux)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (from, to) in mapping { posix_spawn_file_actions_adddup2(&actions, from, to) }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        #if canImport(Darwin)
        let environment = _NSGetEnviron().pointee
        #else
        let environment = environ
        #endif
        return posix_spawn(&pid, executable, &actions, nil, argv, environment)
    }
}

// The system's `kill` and `close`, which methods of the same names hide inside the class.
private func sendSignal(_ pid: pid_t, _ signal: Int32) -> Int32 { kill(pid, signal) }
private func closeDescriptor(_ fd: Int32) { _ = close(fd) }
#if os(Linux)
private func forkProcess() -> pid_t { fork() }
#endif

/// A test worker started before the run that will use it was known (see
/// ``TestWorker/prestart(_:)``): the run takes it through ``TestRunner/prestartedWorker``.
public struct PrestartedWorker {
    let command: [String]
    let process: WorkerProcess
    /// The channels of the run's second worker, which `process` makes when asked (see
    /// ``WorkerProcess/prestart(_:)``).
    let sibling: WorkerProcess?
}
