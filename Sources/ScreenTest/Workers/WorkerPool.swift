import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs test files in long-lived worker processes (``TestWorker``), several at a time, and
/// hands their results on in file order, as a run in one process gives them: the report is
/// the same whatever the number of workers.
///
/// A worker that dies while a file runs — a crash, a signal a test sent it, or killed here
/// because it went past its time where the watchdog could not stop it (a C function, such
/// as a pattern that backtracks for ever) — fails the test (or block, or file) that was
/// running, with what it printed; a new worker runs the rest of the file, and the run goes
/// on.
final class WorkerPool {
    private struct Job {
        var file: Int
        var after: [Int]?
    }

    private enum Item {
        case printed(String)
        case result(TestResult)
    }

    private struct FileReport {
        var items: [Item] = []
        var handedOn = 0
        var done = false
        /// The snapshot files the file asked for after its last result.
        var snapshots: [TestResult.SnapshotUse] = []
    }

    private final class Worker {
        let process: WorkerProcess
        var job: Job?
        /// What runs now, as the last `call` event said; nil once its result came.
        var call: TestCall?
        var lastEvent = Watchdog.now()
        var ended = false
        /// A worker the first one makes as a copy of itself (see ``WorkerSetup/sibling``)
        /// that has not said it is there yet: its first line gives its process id.
        var pending: Bool

        init(process: WorkerProcess, pending: Bool = false) {
            self.process = process
            self.pending = pending
        }
    }

    private let files: [String]
    private let options: TestRunner.Options
    private let jobs: Int
    private var queue: [Job]
    private var reports: [FileReport]
    private var workers: [Worker] = []
    private var head = 0
    /// The files handed on: all of them, or with `failFast` those up to the first one, in
    /// file order, with a failure.
    private var stop: Int

    /// The lines that ran, with `coverage`, in every file done so far.
    private(set) var coverage = Coverage()

    /// The worker started early for this run, until the first worker is started.
    private var prestarted: PrestartedWorker?

    init(files: [String], options: TestRunner.Options, prestarted: PrestartedWorker? = nil) {
        self.files = files
        self.prestarted = prestarted
        self.options = options
        jobs = max(1, min(options.jobs, files.count))
        queue = files.indices.map { Job(file: $0) }
        reports = Array(repeating: FileReport(), count: files.count)
        stop = files.count
    }

    /// How long a worker may go without a word while a call into a file's code runs: the
    /// call's limit, and then some for the watchdog inside the worker to stop the call and
    /// report, or to report that it cannot (code blocked in C, such as `os.execute("sleep
    /// 100")`, is ended here).
    var silenceLimit: Double? {
        let timeout = options.timeout
        guard timeout.isFinite, timeout > 0 else { return nil }
        return timeout + min(max(2, timeout / 10), 10)
    }

    /// What a worker may take besides, outside the calls: to start, to make a file's Lua
    /// state and load the file, to close it (finalizers run there, beyond the watchdog's
    /// reach).
    static let setUpAllowance = 10.0

    /// When a busy worker that has said nothing since is ended.
    private func deadline(of worker: Worker, limit: Double) -> UInt64 {
        let seconds = worker.call == nil ? limit + Self.setUpAllowance : limit
        return worker.lastEvent &+ Watchdog.nanoseconds(seconds)
    }

    /// Runs every file.
    ///
    /// - Parameters:
    ///   - printed: gets what the files printed, in order.
    ///   - result: gets each result, in order.
    ///   - fileDone: told each file once its results were handed on, in order, with the
    ///     snapshot files it asked for after its last result.
    /// - Throws: ``WorkerProcess/StartError`` when a worker cannot be started.
    func run(
        printed: (String) -> Void, result: (TestResult) -> Void,
        fileDone: (String, [TestResult.SnapshotUse]) -> Void = { _, _ in }
    ) throws {
        // A worker that died must not take the run with it when it is sent a request.
        signal(SIGPIPE, SIG_IGN)
        defer { shutDown() }
        // No warm-up of the events' decoding here while the first worker starts: the worker
        // and the fork compiling its chunks need both cores then, and the first event (the
        // file's first call) is read while the worker runs that call anyway.
        while head < stop {
            try assignJobs()
            guard !workers.isEmpty else { break }
            waitForEvents()
            handOn(printed: printed, result: result, fileDone: fileDone)
        }
    }

    // MARK: - Scheduling

    private func assignJobs() throws {
        while !queue.isEmpty {
            let worker: Worker
            if let idle = workers.first(where: { $0.job == nil }) {
                worker = idle
            } else if workers.count < jobs {
                // The prestarted worker makes the second as a copy of itself, when it can.
                var sibling = prestarted?.command == options.workerCommand ? prestarted?.sibling : nil
                if jobs < 2 {
                    sibling?.close()
                    sibling = nil
                }
                worker = Worker(process: try WorkerProcess.start(options.workerCommand, taking: &prestarted))
                var setup = WorkerSetup(options: options)
                setup.sibling = sibling != nil ? true : nil
                _ = worker.process.send(line: setup.line)
                workers.append(worker)
                if let sibling { workers.append(Worker(process: sibling, pending: true)) }
            } else {
                return
            }
            let job = queue.removeFirst()
            worker.job = job
            worker.call = nil
            worker.lastEvent = Watchdog.now()
            // A worker that is gone is found by its events' end.
            _ = worker.process.send(line: WorkerRequest(file: files[job.file], after: job.after, last: queue.isEmpty).line)
        }
    }

    private func waitForEvents() {
        var timeout: Int32 = -1
        if let limit = silenceLimit {
            let now = Watchdog.now()
            for worker in workers where worker.job != nil {
                let deadline = deadline(of: worker, limit: limit)
                let remaining = deadline > now ? Int32(min((deadline - now) / 1_000_000 + 1, 60_000)) : 0
                timeout = timeout < 0 ? remaining : min(timeout, remaining)
            }
        }
        var descriptors = workers.map { pollfd(fd: $0.process.events.descriptor, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
        if ready > 0 {
            for (index, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
                read(workers[index])
            }
        }
        if let limit = silenceLimit {
            let now = Watchdog.now()
            for worker in workers where !worker.ended && worker.job != nil && now >= deadline(of: worker, limit: limit) {
                worker.process.kill()
                end(worker, timedOut: true)
            }
        }
        workers.removeAll { $0.ended }
    }

    private func read(_ worker: Worker) {
        guard !worker.ended else { return }
        worker.process.events.fill()
        while !worker.ended, let line = worker.process.events.nextLine() {
            if worker.pending {
                guard let pid = WorkerMessage.readyPid(line[...]) else {
                    end(worker, timedOut: false)
                    return
                }
                worker.process.adopt(pid: pid)
                worker.pending = false
                continue
            }
            if line.count == WorkerMessage.sameCall.count - 1, line[...] == WorkerMessage.sameCall.dropLast() {
                worker.lastEvent = Watchdog.now()
                continue
            }
            guard let event = WorkerEvent(line: line[...]) else {
                worker.process.kill()
                end(worker, timedOut: false)
                return
            }
            handle(event, from: worker)
        }
        if !worker.ended && worker.process.events.ended { end(worker, timedOut: false) }
    }

    private func handle(_ event: WorkerEvent, from worker: Worker) {
        worker.lastEvent = Watchdog.now()
        guard let job = worker.job else { return }
        switch event.kind {
        case .call:
            if let call = event.call { worker.call = call }
            // A call heard late (a fork writes a few events at a time) is silent since it began.
            if let started = event.started { worker.lastEvent = min(worker.lastEvent, started) }
        case .result:
            if let output = event.output { reports[job.file].items.append(.printed(output)) }
            if let result = event.result {
                reports[job.file].items.append(.result(result))
                if result.status == .failed { failed(job.file) }
            }
            worker.call = nil
        case .done:
            if let output = event.output { reports[job.file].items.append(.printed(output)) }
            reports[job.file].snapshots += event.snapshots ?? []
            if let covered = event.coverage { coverage.add(covered) }
            reports[job.file].done = true
            worker.job = nil
            worker.call = nil
        case .stuck:
            worker.process.kill()
            end(worker, timedOut: true)
        }
    }

    /// A worker ended: fails what it was running, and queues the rest of its file. A copy
    /// that never said it was there (its maker ended first, or could not make it) ran
    /// nothing: its file goes back to the queue whole, for a worker started here.
    private func end(_ worker: Worker, timedOut: Bool) {
        worker.ended = true
        if worker.pending {
            worker.process.close()
            if let job = worker.job { queue.insert(job, at: 0) }
            return
        }
        let ending = worker.process.wait(seconds: 2)
        if case .signalled(let signal) = ending, Self.faults.contains(signal) {
            // Bytecode is not verified: what an earlier run saved may be what crashed it (a
            // test can write that file). The next worker compiles it again.
            SavedChunks.discard()
        }
        let output = worker.process.unreportedOutput()
        worker.process.close()
        guard let job = worker.job else { return }
        let file = files[job.file]
        let message = timedOut
            ? Self.timeoutMessage(options.timeout, inCall: worker.call != nil)
            : Self.describe(ending, running: worker.call == nil ? "this file" : "it")
        var crashed = TestResult(
            name: worker.call?.name ?? file, location: worker.call?.location, status: .failed,
            failure: .init(message: message, output: output))
        crashed.file = file
        reports[job.file].items.append(.result(crashed))
        failed(job.file)
        // With failFast the file stops at its failure, as the runner in Lua stops it.
        if let resume = worker.call?.resume, !options.failFast {
            queue.insert(Job(file: job.file, after: resume), at: 0)
        } else {
            reports[job.file].done = true
        }
    }

    /// With `failFast`, a failure in `file` ends the run after it: the files after it are
    /// not started, and the workers running them are ended, as a run in one process would
    /// not have reached them.
    private func failed(_ file: Int) {
        guard options.failFast, file < stop - 1 else { return }
        stop = file + 1
        queue.removeAll { $0.file >= stop }
        for worker in workers where !worker.ended {
            guard let job = worker.job, job.file >= stop else { continue }
            worker.ended = true
            worker.process.kill()
            _ = worker.process.wait(seconds: 2)
            worker.process.close()
        }
    }

    /// Why a worker that went silent was ended: in a call, the call's time limit; outside
    /// one, the file's loading or the finalizers (`__gc`) that ran as its state closed,
    /// which the watchdog does not reach and which have ``setUpAllowance`` more.
    static func timeoutMessage(_ timeout: Double, inCall: Bool) -> String {
        guard inCall else {
            return "the file went on past its tests for more than \(TestCalls.seconds(timeout + setUpAllowance)) s "
                + "(loading it, or a finalizer (__gc) as its state closed, that does not end); its worker process was ended"
        }
        return TestCalls.timeoutMessage(timeout)
            + " where it could not be stopped (in a C function, such as a pattern that backtracks for ever);"
            + " its worker process was ended"
    }

    /// "the worker process running it was killed by signal 11 (SIGSEGV)".
    static func describe(_ ending: WorkerProcess.Ending, running: String) -> String {
        switch ending {
        case .exited(let status):
            return "the worker process running \(running) exited with status \(status)"
        case .signalled(let signal):
            let name = signalNames[signal].map { " (\($0))" } ?? ""
            return "the worker process running \(running) was killed by signal \(signal)\(name)"
        }
    }

    /// The signals of a fault in the worker itself rather than of a test sending one.
    private static let faults: Set<Int32> = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    private static let signalNames: [Int32: String] = [
        SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
        SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV",
        SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM",
    ]

    // MARK: - Reporting in order

    private func handOn(
        printed: (String) -> Void, result: (TestResult) -> Void, fileDone: (String, [TestResult.SnapshotUse]) -> Void
    ) {
        while head < stop {
            while reports[head].handedOn < reports[head].items.count {
                switch reports[head].items[reports[head].handedOn] {
                case .printed(let text): printed(text)
                case .result(let entry): result(entry)
                }
                reports[head].handedOn += 1
            }
            guard reports[head].done else { return }
            fileDone(files[head], reports[head].snapshots)
            reports[head].items = []
            head += 1
        }
    }

    /// Tells the workers to exit, and waits for them unless the run need not (see
    /// ``TestRunner/Options/waitsForWorkers``); one still running a file (the run was cut
    /// short) is always waited for.
    private func shutDown() {
        for worker in workers { worker.process.closeRequests() }
        for worker in workers {
            if options.waitsForWorkers || worker.job != nil { _ = worker.process.wait(seconds: 2) }
            worker.process.close()
        }
        workers = []
    }
}
