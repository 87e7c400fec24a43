import Testing
import EventLoop
import ScreenKit
@testable import ScreenScript

@MainActor
struct InputRecordingTests {
    static let sample = """
        # luascreens recording 1
        # app My Notes
        # device ipad landscape
        # random-seed -42
        0.500 touch began 160 200
        0.580 touch moved 161.5 200.25 2
        0.600 touch ended 161.5 -3 2
        0.600 touch cancelled 0 0
        1.000 text "say \\"hi\\"\\n\\tand \\\\ go\\u{1b}"
        1.250 key escape
        1.300 key a
        2.000 scroll 160 240 -48.5
        3.000 rotate landscape
        3.500 memory-warning

        """

    @Test func readsEveryKindOfEvent() throws {
        let recording = try InputRecording(parsing: Self.sample)
        #expect(recording.app == "My Notes")
        #expect(recording.device == .ipad)
        #expect(recording.orientation == .landscape)
        #expect(recording.randomSeed == -42)
        #expect(recording.events.map(\.time) == [0.5, 0.58, 0.6, 0.6, 1, 1.25, 1.3, 2, 3, 3.5])
        #expect(recording.events.map(\.input) == [
            .touch(.began, Point(x: 160, y: 200), id: 0),
            .touch(.moved, Point(x: 161.5, y: 200.25), id: 2),
            .touch(.ended, Point(x: 161.5, y: -3), id: 2),
            .touch(.cancelled, Point(x: 0, y: 0), id: 0),
            .text("say \"hi\"\n\tand \\ go\u{1b}"),
            .key("escape"),
            .key("a"),
            .scroll(Point(x: 160, y: 240), dy: -48.5),
            .rotate(.landscape),
            .memoryWarning,
        ])
    }

    @Test func writesWhatItReadsExactly() throws {
        let recording = try InputRecording(parsing: Self.sample)
        #expect(recording.text == Self.sample)
        #expect(try InputRecording(parsing: recording.text) == recording)
    }

    @Test func commentsBlankLinesAndLooseSpacingAreRead() throws {
        let recording = try InputRecording(parsing: "\n  # a person's note\n\n  1   key\tenter  \r\n# device iphone\n2.5 memory-warning")
        #expect(recording.events == [
            InputRecording.Event(time: 1, input: .key("enter")),
            InputRecording.Event(time: 2.5, input: .memoryWarning),
        ])
        #expect(recording.device == .iphone)
        #expect(recording.orientation == nil)
        #expect(recording.text == "# luascreens recording 1\n# device iphone portrait\n1.000 key enter\n2.500 memory-warning\n")
    }

    @Test func theAppLineNamesTheAppWholeAndOnlyThatWord() throws {
        #expect(try InputRecording(parsing: "#  app\tgallery \n").app == "gallery")
        #expect(try InputRecording(parsing: "# apps gallery\n# application x\n# app\n").app == nil)
        // An id no line can hold whole is not written.
        for id in ["", " padded", "two\nlines"] {
            var recording = InputRecording()
            recording.app = id
            #expect(recording.text == "# luascreens recording 1\n")
        }
    }

    @Test func anEmptyRecordingIsJustItsVersionLine() throws {
        #expect(try InputRecording(parsing: "").events.isEmpty)
        #expect(InputRecording().text == "# luascreens recording 1\n")
    }

    @Test(arguments: [
        ("1.000 tuch began 1 2", "line 1: unknown event 'tuch': use touch, key, text, rotate, memory-warning, scroll"),
        ("1.000 touch pressed 1 2", "line 1: unknown touch phase 'pressed': use began, moved, ended or cancelled"),
        ("1.000 touch began 1", "line 1: missing y"),
        ("1.000 touch began x 2", "line 1: bad number 'x' for the x: write digits such as 12 or 0.5"),
        ("1.000 touch began nan 2", "line 1: bad number 'nan' for the x: write digits such as 12 or 0.5"),
        ("1.000 touch began inf 2", "line 1: bad number 'inf' for the x: write digits such as 12 or 0.5"),
        ("1.000 touch began 1e5 2", "line 1: bad number '1e5' for the x: write digits such as 12 or 0.5"),
        ("1.000 touch began 1.2345 2", "line 1: bad number '1.2345' for the x: at most 3 decimals"),
        ("1.000 touch began 1 2 -1", "line 1: bad touch id '-1': a whole number from 0 to 1000"),
        ("1.000 touch began 1 2 3 4", "line 1: unexpected '4' after the touch event"),
        ("1.000 scroll 1 2 99999999999", "line 1: bad number '99999999999' for the dy: larger than 1000000000"),
        ("nan key a", "line 1: bad number 'nan' for the time: write digits such as 12 or 0.5"),
        ("-1.000 key a", "line 1: the time -1.000 is negative"),
        ("2.000 key a\n\n1.000 key b", "line 3: the time 1.000 is before the line above's 2.000: times never go back"),
        ("1.000", "line 1: a time needs an event after it: touch, key, text, rotate, memory-warning, scroll"),
        ("1.000 key", "line 1: key needs a key name (escape, enter, ...) or a character"),
        ("1.000 key esc", "line 1: unknown key 'esc': use one character or one of backspace, delete, down, end, enter, escape, home, left, pagedown, pageup, return, right, shift-tab, space, tab, up"),
        ("1.000 text hello", "line 1: text needs a string in double quotes"),
        ("1.000 text \"hello", "line 1: unterminated string: no closing '\"'"),
        ("1.000 text \"hello\\", "line 1: unterminated string: a line ends after '\\'"),
        ("1.000 text \"a\\qb\"", "line 1: bad escape '\\q': use \\\", \\\\, \\n, \\t, \\r or \\u{HEX}"),
        ("1.000 text \"a\\u{zz}\"", "line 1: bad escape '\\u': write \\u{HEX} with a character's code"),
        ("1.000 text \"a\" b", "line 1: unexpected 'b' after the text event"),
        ("1.000 rotate upside-down", "line 1: rotate needs portrait or landscape"),
        ("# luascreens recording 2", "line 1: this is a recording of version 2; this program reads version 1"),
        ("# random-seed x", "line 1: bad random seed 'x': a whole number"),
        ("# device watch", "line 1: unknown device 'watch': use iphone or ipad"),
        ("# device iphone sideways", "line 1: unknown orientation 'sideways': use portrait or landscape"),
    ])
    func badLinesAreErrorsNamingTheLineAndWhatWasWrong(text: String, message: String) {
        #expect(throws: InputRecording.ParseError.self) { try InputRecording(parsing: text) }
        do {
            _ = try InputRecording(parsing: text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func aFileThatCannotBeReadIsAnErrorNamingIt() {
        do {
            _ = try InputRecording(contentsOfFile: "/nonexistent/session.rec")
            Issue.record("no error")
        } catch {
            #expect(error.description == "/nonexistent/session.rec: no such recording file")
        }
    }

    @Test func theRecorderKeepsLoopTimesSinceLaunchToTheMillisecond() {
        let loop = EventLoop(clock: .virtual)
        loop.advance(by: 2)
        let recorder = InputRecorder(loop: loop, device: .iphone, orientation: .landscape)
        loop.advance(by: 0.0004)
        recorder.record(.key("escape"))
        loop.advance(by: 1.2506)
        recorder.record(.touch(.began, Point(x: 10.00049, y: 20.5), id: 1))
        #expect(recorder.recording.text == """
            # luascreens recording 1
            # device iphone landscape
            0.000 key escape
            1.251 touch began 10 20.5 1

            """)
    }
}
