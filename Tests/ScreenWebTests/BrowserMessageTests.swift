import ScreenKit
import ScreenRender
import Testing
@testable import ScreenWeb

@Suite("Browser messages")
struct BrowserMessageTests {
    @Test("the messages the page sends")
    func valid() throws {
        #expect(try BrowserMessage(json: #"{"type":"touch","phase":"began","x":160.5,"y":240}"#)
            == .touch(.began, Point(x: 160.5, y: 240), id: 0))
        #expect(try BrowserMessage(json: #"{"type":"touch","phase":"moved","x":-3,"y":2,"id":2}"#)
            == .touch(.moved, Point(x: -3, y: 2), id: 2))
        #expect(try BrowserMessage(json: #"{"type":"scroll","x":1,"y":2,"dy":-48}"#) == .scroll(Point(x: 1, y: 2), dy: -48))
        #expect(try BrowserMessage(json: #"{"type":"key","key":"Tab","shift":true}"#)
            == .key("Tab", BrowserKey.Modifiers(shift: true)))
        #expect(try BrowserMessage(json: #"{"type":"paste","text":"Hello\nthere"}"#) == .paste("Hello\nthere"))
        #expect(try BrowserMessage(json: #"{"type":"device","device":"ipad"}"#) == .device(.ipad))
        for (type, message) in [("rotate", BrowserMessage.rotate), ("memoryWarning", .memoryWarning), ("reload", .reload), ("resync", .resync)] {
            #expect(try BrowserMessage(json: #"{"type":"\#(type)"}"#) == message)
        }
    }

    @Test("hostile or broken messages are refused, saying what is wrong", arguments: [
        ("", "not a message the page sends"),
        ("[]", "not a message the page sends"),
        (#"{"type":null}"#, "not a message the page sends"),
        (#"{"type":"touch","phase":"began","x":"10","y":0}"#, "not a message the page sends"),
        (#"{"type":"touch","phase":"began","x":1e999,"y":0}"#, "not a message the page sends"),
        (#"{"type":"touch","phase":"began","y":0}"#, "a touch message needs a number 'x'"),
        (#"{"type":"touch","phase":"began","x":1e300,"y":0}"#, "bad 'x' in a touch message: a finite number within ±1000000000"),
        (#"{"type":"touch","phase":"pressed","x":1,"y":0}"#, "bad 'phase' in a touch message: 'pressed' is not one of began, moved, ended, cancelled"),
        (#"{"type":"touch","x":1,"y":0}"#, "a touch message needs 'phase'"),
        (#"{"type":"touch","phase":"began","x":1,"y":0,"id":0.5}"#, "bad 'id' in a touch message: a whole number from 0 to 1000"),
        (#"{"type":"touch","phase":"began","x":1,"y":0,"id":1001}"#, "bad 'id'"),
        (#"{"type":"touch","phase":"began","x":1,"y":0,"id":-9.2233720368547758e18}"#, "bad 'id'"),
        (#"{"type":"scroll","x":1,"y":0,"dy":-2e9}"#, "bad 'dy' in a scroll message"),
        (#"{"type":"key"}"#, "a key message needs a string 'key'"),
        (#"{"type":"device","device":"watch"}"#, "'watch' is not one of iphone, ipad"),
        (#"{"type":"eval","code":"os.exit()"}"#, "unknown message type 'eval'"),
    ])
    func refused(_ json: String, _ reason: String) {
        #expect {
            _ = try BrowserMessage(json: json)
        } throws: { error in
            (error as? BrowserMessageError)?.description.contains(reason) == true
        }
    }

    @Test("a paste longer than the limit is refused")
    func longPaste() {
        let text = String(repeating: "x", count: BrowserMessage.textLimit + 1)
        #expect(throws: BrowserMessageError.self) { try BrowserMessage(json: #"{"type":"paste","text":"\#(text)"}"#) }
    }
}

@Suite("Browser keys")
struct BrowserKeyTests {
    @Test("keys with names become the terminal's keys; Shift-Tab is back-tab")
    func named() {
        #expect(BrowserKey.terminalInput("ArrowUp", .init()) == .key(.up, modifiers: []))
        #expect(BrowserKey.terminalInput("Tab", .init(shift: true)) == .key(.backTab, modifiers: [.shift]))
        #expect(BrowserKey.terminalInput("Escape", .init()) == .key(.escape, modifiers: []))
        #expect(BrowserKey.terminalInput("Enter", .init()) == .key(.enter, modifiers: []))
    }

    @Test("characters are text; with Ctrl a control key; with Meta the browser's")
    func characters() {
        #expect(BrowserKey.terminalInput("q", .init()) == .text("q"))
        #expect(BrowserKey.terminalInput("é", .init()) == .text("é"))
        #expect(BrowserKey.terminalInput(" ", .init()) == .text(" "))
        #expect(BrowserKey.terminalInput("R", .init(shift: true, control: true)) == .key(.control("r"), modifiers: [.shift, .control]))
        #expect(BrowserKey.terminalInput("r", .init(meta: true)) == nil)
        #expect(BrowserKey.terminalInput("1", .init(control: true)) == nil)
        #expect(BrowserKey.terminalInput("Shift", .init(shift: true)) == nil)
        #expect(BrowserKey.terminalInput("Dead", .init()) == nil)
    }

    @Test("the page keeps from the browser the keys the window uses")
    func inUse() {
        #expect(BrowserKey.namesInUse.contains("Tab"))
        #expect(BrowserKey.namesInUse.contains("PageDown"))
        #expect(!BrowserKey.namesInUse.contains("Insert"))
        #expect(BrowserKey.controlLettersInUse == ["r", "w"])
    }
}
