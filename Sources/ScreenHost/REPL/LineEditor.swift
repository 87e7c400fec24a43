#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLibEdit
import EventLoop

/// A line editor on a terminal, over libedit, that never blocks the loop: keys are read
/// only when the loop says the input is readable, so timers fire while a line is typed.
///
/// It uses libedit's own interface (`el_*`) in unbuffered mode rather than its
/// readline-compatible callbacks: each `el_gets` then handles the keys of one command and
/// returns at once, and the editor's state (line, history, prompt, key bindings) belongs to
/// this object, where the readline interface keeps one editor for the whole process. The
/// input is fed to libedit only when bytes are waiting (FIONREAD), so its `read(2)` never
/// waits, except for the rest of a key's escape sequence, which arrives with it.
///
/// Emacs keys; Up and Down walk the history (``LineHistory``, saved as each line is
/// entered); Tab completes the word before the cursor with what `completer` answers for
/// the text before the cursor (the words that may replace its last `a.b:c` word), listing
/// them when there are several. Ctrl-D on an empty line ends the input (`onLine(nil)`).
/// While the prompt is shown, ``printAbove(_:)`` writes above it and draws it again.
///
/// ```swift
/// let editor = LineEditor(input: 0, output: 1, historyFile: LineHistory.defaultFile()) { line in
///     session.completions(for: line)
/// }
/// editor.onLine = { line in line.map(session.handle(line:)) ?? editor.stop() }
/// editor.start(prompt: "> ", loop: loop)
/// ```
public final class LineEditor {
    /// Called with each line entered (without its newline), or nil when the input ends
    /// (Ctrl-D on an empty line, or the terminal went away). The terminal is in its normal
    /// mode while it runs: what it prints goes out as usual. The prompt comes back after it
    /// returns, unless it called ``stop()``.
    public var onLine: ((String?) -> Void)?

    /// Called when Ctrl-C drops the line being typed, before the prompt is shown again (a
    /// REPL forgets the chunk under way there).
    public var onCancel: (() -> Void)?

    /// The lines entered, this session's and the file's.
    public private(set) var history: LineHistory

    private let input: Int32
    private let output: Int32
    private let completer: @MainActor (String) -> [String]
    private var editLine: OpaquePointer?
    private var editHistory: OpaquePointer?
    private var inputFile: UnsafeMutablePointer<FILE>?
    private var outputFile: UnsafeMutablePointer<FILE>?
    /// The prompt as libedit reads it (through ``promptFunction``).
    /// (Freed by deinit, which is not isolated.)
    nonisolated(unsafe) private var promptText: UnsafeMutablePointer<CChar>
    private var promptWidth = 0
    private var reader: LoopReader?
    private var isStarted = false
    /// Whether libedit is editing a line with its prompt shown (unbuffered, raw mode).
    private var isPrompting = false
    private var warned = false
    /// Set by Ctrl-C's command, acted on once `el_gets` returns.
    private var cancelRequested = false
    /// Set by Ctrl-Z's command, acted on once `el_gets` returns.
    private var suspendRequested = false
    private var savedCharacters: String?

    /// - Parameters:
    ///   - input: the terminal's descriptor keys are read from.
    ///   - output: where the prompt and the line are drawn (duplicated: the editor keeps
    ///     drawing there if the descriptor is later pointed elsewhere).
    ///   - historyFile: where the history is kept (``LineHistory/defaultFile(environment:)``),
    ///     or nil for none.
    ///   - completer: the words that may replace the last word of the text before the cursor.
    public init(input: Int32, output: Int32, historyFile: String?, completer: @escaping @MainActor (String) -> [String]) {
        self.input = input
        self.output = dup(output)
        self.completer = completer
        history = LineHistory(file: historyFile)
        promptText = strdup("> ")
        promptWidth = 2
    }

    deinit {
        free(promptText)
        if output >= 0 { close(output) }
    }

    /// Shows `prompt` and edits lines on the loop until ``stop()``.
    ///
    /// - Returns: false when libedit cannot edit on this terminal (a warning says so): the
    ///   caller then reads its input some other way.
    @discardableResult
    public func start(prompt: String, loop: EventLoop) -> Bool {
        setPrompt(prompt)
        guard !isStarted else { return true }
        if let warning = history.warning { warn(warning) }
        useUTF8Characters()
        let inputFile = fdopen(dup(input), "r"), outputFile = fdopen(dup(output), "w")
        guard let inputFile, let outputFile,
              let editLine = lsh_el_init_fd("screens", inputFile, outputFile, outputFile, input, output, output)
        else {
            if let inputFile { fclose(inputFile) }
            if let outputFile { fclose(outputFile) }
            warn("warning: " + (lsh_libedit_error().map { String(cString: $0) } ?? "the line editor could not start on this terminal"))
            restoreCharacters()
            return false
        }
        isStarted = true
        (self.inputFile, self.outputFile, self.editLine) = (inputFile, outputFile, editLine)
        lsh_el_set_string(editLine, EL_EDITOR, "emacs")
        // While the prompt is up, libedit's handlers put the terminal back for SIGTERM, SIGHUP
        // and Ctrl-Z (and raw again at SIGCONT), and follow SIGWINCH; each then passes the
        // signal on to the handler it replaced. While a line is evaluated they are not there.
        lsh_el_set_int(editLine, EL_SIGNAL, 1)
        lsh_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        lsh_el_set_prompt(editLine, Self.promptFunction)
        lsh_el_add_command(editLine, "lsh-complete", "Complete the word before the cursor", Self.completeFunction)
        lsh_el_bind(editLine, "^I", "lsh-complete")
        // Ctrl-C at the prompt is a key that drops the line, not a SIGINT, so that it needs no
        // handler and keeps its place among the keys typed (a signal would also flush them).
        // While `onLine` runs the terminal is in its normal mode, where it is SIGINT again.
        lsh_el_keys_not_signals(editLine)
        lsh_el_add_command(editLine, "lsh-cancel", "Drop the line", Self.cancelFunction)
        lsh_el_bind(editLine, "^C", "lsh-cancel")
        lsh_el_add_command(editLine, "lsh-suspend", "Suspend the program", Self.suspendFunction)
        lsh_el_bind(editLine, "^Z", "lsh-suspend")
        if let editHistory = lsh_history_init() {
            self.editHistory = editHistory
            lsh_history_set_size(editHistory, Int32(history.limit))
            fillEditHistory()
            lsh_el_set_history(editLine, editHistory)
        }
        reader = loop.addReader(input) { [weak self] in self?.readable() }
        showPrompt()
        return true
    }

    /// libedit reads and draws characters as the locale's LC_CTYPE says: the user's when it
    /// is UTF-8, else C.UTF-8, so that `"é"` is not dropped. Put back at ``stop()``.
    private func useUTF8Characters() {
        if let current = setlocale(LC_CTYPE, nil) { savedCharacters = String(cString: current) }
        if setlocale(LC_CTYPE, "") == nil || String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" {
            _ = setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    private func restoreCharacters() {
        if let savedCharacters { _ = setlocale(LC_CTYPE, savedCharacters) }
        savedCharacters = nil
    }

    /// The prompt of the next line; shown at once when a line is being edited.
    public func setPrompt(_ prompt: String) {
        guard String(cString: promptText) != prompt else { return }
        let rows = rowsAboveCursor()
        free(promptText)
        promptText = strdup(prompt)
        promptWidth = prompt.unicodeScalars.count
        if isPrompting { redraw(rows: rows, above: "") }
    }

    /// Writes `text` (a line or more) above the line being edited and draws the prompt and
    /// the line again under it; outside editing, just writes it.
    public func printAbove(_ text: String) {
        guard !text.isEmpty else { return }
        var lines = text.hasSuffix("\n") ? text : text + "\n"
        guard isPrompting, editLine != nil else {
            write(lines)
            return
        }
        // Raw mode may have turned off the terminal's newline translation.
        lines = lines.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
        redraw(rows: rowsAboveCursor(), above: lines)
    }

    /// Clears the prompt and the line (`rows` rows above the cursor, down to the end of the
    /// screen), writes `text` there, and has libedit draw the prompt and the line again below
    /// it: libedit's own refresh draws from wherever the cursor is.
    private func redraw(rows: Int, above text: String) {
        guard isPrompting, let editLine else { return }
        write("\r" + (rows > 0 ? "\u{1B}[\(rows)A" : "") + "\u{1B}[J" + text)
        lsh_el_refresh(editLine)
    }

    /// Drops the line being edited, as Ctrl-C at a prompt does, calls ``onCancel``, and shows
    /// the prompt again.
    public func cancelLine() {
        guard isPrompting, let editLine else { return }
        isPrompting = false
        lsh_el_set_int(editLine, EL_UNBUFFERED, 0)
        write("^C\n")
        onCancel?()
        showPrompt()
    }

    /// Ctrl-Z at the prompt (a key there, the signal keys being off): the terminal in its
    /// normal mode, the process stopped as SIGTSTP stops it; when it continues, a new prompt
    /// (the line typed is dropped, as a shell drops it).
    private func suspend() {
        guard isPrompting, let editLine else { return }
        let rows = rowsAboveCursor()
        write("\r" + (rows > 0 ? "\u{1B}[\(rows)B" : "") + "\n")
        lsh_el_set_int(editLine, EL_UNBUFFERED, 0)
        isPrompting = false
        kill(getpid(), SIGTSTP)
        showPrompt()
    }

    /// Stops editing: the terminal as it was found, the history saved.
    public func stop() {
        guard isStarted else { return }
        isStarted = false
        reader?.cancel()
        reader = nil
        if let editLine {
            if isPrompting {
                isPrompting = false
                lsh_el_set_int(editLine, EL_UNBUFFERED, 0)
            }
            lsh_el_end(editLine)
        }
        editLine = nil
        if let editHistory { lsh_history_end(editHistory) }
        editHistory = nil
        if let inputFile { fclose(inputFile) }
        if let outputFile { fclose(outputFile) }
        (inputFile, outputFile) = (nil, nil)
        restoreCharacters()
        saveHistory()
    }

    // MARK: - Reading

    private func showPrompt() {
        guard isStarted, let editLine, !isPrompting else { return }
        isPrompting = true
        // Raw mode, a new empty line, the prompt drawn.
        lsh_el_set_int(editLine, EL_UNBUFFERED, 1)
    }

    private func readable() {
        var first = true
        while isPrompting, let editLine {
            var waiting: Int32 = 0
            guard ioctl(input, UInt(FIONREAD), &waiting) == 0, waiting > 0 else {
                // Readable with nothing to read: the terminal is gone.
                if first { end(nil) }
                return
            }
            first = false
            var count: Int32 = 0
            let buffer = lsh_el_gets(editLine, &count)
            if cancelRequested {
                cancelRequested = false
                cancelLine()
                continue
            }
            if suspendRequested {
                suspendRequested = false
                suspend()
                continue
            }
            guard let buffer, count > 0 else { continue }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: Int(count))
            if bytes.last == UInt8(ascii: "\n") {
                end(String(decoding: bytes.dropLast(), as: UTF8.self))
            } else if count == 1 && bytes[0] == 4 {
                // libedit's end of file: Ctrl-D on an empty line.
                end(nil)
            }
        }
    }

    /// A line is done: the terminal back to normal while `onLine` runs, then a new prompt.
    private func end(_ line: String?) {
        guard let editLine else { return }
        isPrompting = false
        lsh_el_set_int(editLine, EL_UNBUFFERED, 0)
        if let line {
            history.add(line)
            fillEditHistory()
            saveHistory()
        } else {
            // Over the ^D libedit shows.
            write("\r\u{1B}[K" + String(cString: promptText) + "\n")
        }
        onLine?(line)
        showPrompt()
    }

    // MARK: - History

    private func fillEditHistory() {
        guard let editHistory else { return }
        lsh_history_clear(editHistory)
        for entry in history.entries { lsh_history_enter(editHistory, entry) }
    }

    private func saveHistory() {
        if !history.save(), let warning = history.warning { warn(warning) }
    }

    private func warn(_ text: String) {
        guard !warned else { return }
        warned = true
        printAbove(text)
    }

    // MARK: - Completion

    /// The characters of a word completion replaces: `ui.NavigationController:push`.
    static func isWordCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"):
            return true
        default:
            return false
        }
    }

    /// The word at the end of `text` that completion replaces.
    public static func completionWord(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var start = bytes.count
        while start > 0, isWordCharacter(bytes[start - 1]) { start -= 1 }
        return String(decoding: bytes[start...], as: UTF8.self)
    }

    private func complete(_ editLine: OpaquePointer) -> UInt8 {
        guard let info = lsh_el_line(editLine)?.pointee, let start = info.buffer, let cursor = info.cursor else {
            return UInt8(CC_ERROR)
        }
        let before = String(decoding: UnsafeRawBufferPointer(start: start, count: cursor - start), as: UTF8.self)
        let word = Self.completionWord(before)
        var seen = Set<String>()
        let candidates = completer(before).filter { seen.insert($0).inserted }
        guard !candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
        let common = Self.commonPrefix(candidates)
        if common.utf8.count > word.utf8.count || (candidates.count == 1 && common != word) {
            lsh_el_deletestr(editLine, Int32(word.utf8.count))
            _ = lsh_el_insertstr(editLine, common)
            return UInt8(CC_REFRESH)
        }
        if candidates.count > 1 {
            // Listed by their last part: `pushViewController`, not `nav:pushViewController`.
            printAbove(columns(candidates.map { String($0.split(whereSeparator: { $0 == "." || $0 == ":" }).last ?? Substring($0)) }.sorted()))
        }
        return UInt8(CC_NORM)
    }

    static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first.map({ Array($0.utf8) }) else { return "" }
        for word in words.dropFirst() {
            let bytes = Array(word.utf8)
            var length = 0
            while length < min(prefix.count, bytes.count), prefix[length] == bytes[length] { length += 1 }
            prefix.removeSubrange(length...)
        }
        // Never cut a character in two.
        while !prefix.isEmpty, String(validating: prefix, as: UTF8.self) == nil { prefix.removeLast() }
        return String(decoding: prefix, as: UTF8.self)
    }

    /// Candidates laid out in columns across the terminal's width, at most 200 of them.
    private func columns(_ words: [String]) -> String {
        let shown = words.prefix(200)
        let width = (shown.map(\.count).max() ?? 0) + 2
        let perRow = max(1, terminalColumns / max(1, width))
        var text = ""
        for (index, word) in shown.enumerated() {
            let last = index % perRow == perRow - 1 || index == shown.count - 1
            text += last ? word + "\n" : word.padding(toLength: width, withPad: " ", startingAt: 0)
        }
        if words.count > shown.count { text += "… and \(words.count - shown.count) more\n" }
        return text
    }

    // MARK: - Terminal

    private var terminalColumns: Int {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// The terminal rows between the first of the prompt and the cursor.
    private func rowsAboveCursor() -> Int {
        guard let editLine, let info = lsh_el_line(editLine)?.pointee, let start = info.buffer, let cursor = info.cursor else { return 0 }
        let typed = String(decoding: UnsafeRawBufferPointer(start: start, count: cursor - start), as: UTF8.self)
        return (promptWidth + typed.unicodeScalars.count) / terminalColumns
    }

    private func write(_ text: String) {
        TerminalDevice.write(Array(text.utf8), to: output)
    }

    // MARK: - libedit's callbacks

    /// The editor of the EditLine at `address` (callbacks pass addresses: pointers are not
    /// Sendable).
    private static func editor(at address: Int) -> LineEditor? {
        guard let editLine = OpaquePointer(bitPattern: address), let data = lsh_el_clientdata(editLine) else { return nil }
        return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
    }

    private static let promptFunction: lsh_el_prompt_fn = { editLine in
        // Passed out as an address: a pointer is not Sendable.
        let editLine = Int(bitPattern: editLine)
        return UnsafeMutablePointer(bitPattern: MainActor.assumeIsolated { Int(bitPattern: LineEditor.editor(at: editLine)?.promptText) })
    }

    private static let cancelFunction: lsh_el_command_fn = { editLine, _ in
        let address = Int(bitPattern: editLine)
        MainActor.assumeIsolated { LineEditor.editor(at: address)?.cancelRequested = true }
        return UInt8(CC_NORM)
    }

    private static let suspendFunction: lsh_el_command_fn = { editLine, _ in
        let address = Int(bitPattern: editLine)
        MainActor.assumeIsolated { LineEditor.editor(at: address)?.suspendRequested = true }
        return UInt8(CC_NORM)
    }

    private static let completeFunction: lsh_el_command_fn = { editLine, _ in
        let address = Int(bitPattern: editLine)
        return MainActor.assumeIsolated {
            guard let editor = LineEditor.editor(at: address), let editLine = OpaquePointer(bitPattern: address) else { return UInt8(CC_ERROR) }
            return editor.complete(editLine)
        }
    }
}
