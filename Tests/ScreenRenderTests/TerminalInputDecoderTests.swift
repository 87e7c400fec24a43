import Testing
@testable import ScreenRender

@MainActor
struct TerminalInputDecoderTests {
    /// What `bytes` decode to, read at once and then byte by byte (each read ended with the
    /// next one, as split reads do), each followed by a flush; both must agree.
    private func decoded(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> [TerminalInput] {
        var whole = TerminalInputDecoder()
        let atOnce = whole.decode(bytes) + whole.flush()
        var split = TerminalInputDecoder()
        var piecewise: [TerminalInput] = []
        for byte in bytes { piecewise += split.decode([byte]) }
        piecewise += split.flush()
        #expect(Self.merged(atOnce) == Self.merged(piecewise), sourceLocation: sourceLocation)
        return Self.merged(atOnce)
    }

    private func decoded(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [TerminalInput] {
        decoded(Array(text.utf8), sourceLocation: sourceLocation)
    }

    /// Text split across reads arrives as several texts: join neighbours to compare.
    private static func merged(_ inputs: [TerminalInput]) -> [TerminalInput] {
        var result: [TerminalInput] = []
        for input in inputs {
            if case .text(let more) = input, case .text(let text)? = result.last {
                result[result.count - 1] = .text(text + more)
            } else {
                result.append(input)
            }
        }
        return result
    }

    private func key(_ key: TerminalKey, _ modifiers: TerminalModifiers = []) -> TerminalInput {
        .key(key, modifiers: modifiers)
    }

    private func mouse(_ kind: TerminalMouse.Kind, _ button: TerminalMouse.Button, _ column: Int, _ row: Int,
                       _ modifiers: TerminalModifiers = []) -> TerminalInput {
        .mouse(TerminalMouse(kind: kind, button: button, column: column, row: row, modifiers: modifiers))
    }

    // MARK: - Text

    @Test func textIsUTF8AndMultiByteCharactersSurviveSplitReads() {
        #expect(decoded("hello") == [.text("hello")])
        #expect(decoded("é漢👍 ok") == [.text("é漢👍 ok")])
        #expect(decoded("e\u{301}") == [.text("e\u{301}")])
    }

    @Test func invalidBytesAreReplacementCharacters() {
        #expect(decoded([0x61, 0xFF, 0x62]) == [.text("a\u{FFFD}b")])
        #expect(decoded([0x80, 0xC0, 0xAF]) == [.text("\u{FFFD}\u{FFFD}\u{FFFD}")])
        // Overlong and surrogate forms, a character cut by another.
        #expect(decoded([0xE0, 0x80, 0x61]) == [.text("\u{FFFD}\u{FFFD}a")])
        #expect(decoded([0xED, 0xA0, 0x80]) == [.text("\u{FFFD}\u{FFFD}\u{FFFD}")])
        #expect(decoded([0xF4, 0x90, 0x80, 0x80]).count == 1)
        #expect(decoded([0xE6, 0xBC, 0x61]) == [.text("\u{FFFD}a")])
        // Cut short at the end: a flush makes it a replacement character.
        #expect(decoded([0x61, 0xE6, 0xBC]) == [.text("a\u{FFFD}")])
        var decoder = TerminalInputDecoder()
        #expect(decoder.decode([0xE6, 0xBC]).isEmpty)
        #expect(decoder.needsFlush)
        #expect(decoder.decode([0xA2]) == [.text("漢")])
        // C1 controls are not text.
        #expect(decoded([0xC2, 0x9B, 0x41]) == [.text("A")])
    }

    // MARK: - Control keys

    @Test func controlKeys() {
        #expect(decoded([0x01]) == [key(.control("a"))])
        #expect(decoded([0x03]) == [key(.control("c"))])
        #expect(decoded([0x1A]) == [key(.control("z"))])
        #expect(decoded([0x00, 0x1C, 0x1D, 0x1E, 0x1F]) ==
            [key(.control("@")), key(.control("\\")), key(.control("]")), key(.control("^")), key(.control("_"))])
        #expect(decoded([0x09]) == [key(.tab)])
        #expect(decoded([0x0D, 0x0A]) == [key(.enter), key(.enter)])
        #expect(decoded([0x7F, 0x08]) == [key(.backspace), key(.backspace)])
        #expect(decoded("ab\rc") == [.text("ab"), key(.enter), .text("c")])
    }

    @Test func aLoneEscapeWaitsForTheFlush() {
        var decoder = TerminalInputDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.needsFlush)
        #expect(decoder.flush() == [key(.escape)])
        #expect(!decoder.needsFlush)
        #expect(decoder.flush().isEmpty)
        #expect(decoded([0x1B]) == [key(.escape)])
        // Esc, a pause, then an arrow.
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.flush() + decoder.decode(Array("\u{1B}[A".utf8)) == [key(.escape), key(.up)])
    }

    @Test func altIsAnEscapeBeforeTheKey() {
        #expect(decoded("\u{1B}x") == [key(.character("x"), .alt)])
        #expect(decoded("\u{1B}é") == [key(.character("é"), .alt)])
        #expect(decoded([0x1B, 0x01]) == [key(.control("a"), .alt)])
        #expect(decoded([0x1B, 0x7F]) == [key(.backspace, .alt)])
        #expect(decoded([0x1B, 0x0D]) == [key(.enter, .alt)])
        #expect(decoded("\u{1B}\u{1B}") == [key(.escape, .alt)])
        #expect(decoded("\u{1B}\u{1B}[A") == [key(.up, .alt)])
        #expect(decoded("\u{1B}[") == [key(.character("["), .alt)])
        #expect(decoded("\u{1B}O") == [key(.character("O"), .alt)])
        #expect(decoded("a\u{1B}bc") == [.text("a"), key(.character("b"), .alt), .text("c")])
    }

    // MARK: - Cursor and editing keys

    @Test func arrowsHomeAndEndInBothForms() {
        let finals: [(String, TerminalKey)] = [("A", .up), ("B", .down), ("C", .right), ("D", .left), ("H", .home), ("F", .end)]
        for (final, expected) in finals {
            #expect(decoded("\u{1B}[\(final)") == [key(expected)])
            #expect(decoded("\u{1B}O\(final)") == [key(expected)])
        }
    }

    @Test func xtermModifiers() {
        #expect(decoded("\u{1B}[1;2A") == [key(.up, .shift)])
        #expect(decoded("\u{1B}[1;3B") == [key(.down, .alt)])
        #expect(decoded("\u{1B}[1;5C") == [key(.right, .control)])
        #expect(decoded("\u{1B}[1;6D") == [key(.left, [.control, .shift])])
        #expect(decoded("\u{1B}[1;9H") == [key(.home, .meta)])
        #expect(decoded("\u{1B}[3;5~") == [key(.delete, .control)])
        #expect(decoded("\u{1B}[1;2P") == [key(.f1, .shift)])
        #expect(decoded("\u{1B}[15;3~") == [key(.f5, .alt)])
    }

    @Test func tildeKeys() {
        let keys: [(Int, TerminalKey)] = [
            (1, .home), (2, .insert), (3, .delete), (4, .end), (5, .pageUp), (6, .pageDown), (7, .home), (8, .end),
            (11, .f1), (12, .f2), (13, .f3), (14, .f4),
            (15, .f5), (17, .f6), (18, .f7), (19, .f8), (20, .f9), (21, .f10), (23, .f11), (24, .f12),
        ]
        for (number, expected) in keys {
            #expect(decoded("\u{1B}[\(number)~") == [key(expected)])
        }
    }

    @Test func functionKeysOneToFour() {
        for (final, expected) in [("P", TerminalKey.f1), ("Q", .f2), ("R", .f3), ("S", .f4)] {
            #expect(decoded("\u{1B}O\(final)") == [key(expected)])
        }
        #expect(decoded("\u{1B}[[A\u{1B}[[E") == [key(.f1), key(.f5)])
    }

    @Test func shiftTab() {
        #expect(decoded("\u{1B}[Z") == [key(.backTab)])
        #expect(decoded("\u{1B}[1;2Z") == [key(.backTab)])
    }

    // MARK: - Mouse

    @Test func mousePressDragReleaseAndMove() {
        #expect(decoded("\u{1B}[<0;1;1M") == [mouse(.press, .left, 0, 0)])
        #expect(decoded("\u{1B}[<1;10;5M") == [mouse(.press, .middle, 9, 4)])
        #expect(decoded("\u{1B}[<2;3;4M") == [mouse(.press, .right, 2, 3)])
        #expect(decoded("\u{1B}[<32;12;7M") == [mouse(.drag, .left, 11, 6)])
        #expect(decoded("\u{1B}[<34;12;7M") == [mouse(.drag, .right, 11, 6)])
        #expect(decoded("\u{1B}[<35;12;7M") == [mouse(.move, .none, 11, 6)])
        #expect(decoded("\u{1B}[<0;12;7m") == [mouse(.release, .left, 11, 6)])
        #expect(decoded("\u{1B}[<3;12;7M") == [mouse(.release, .none, 11, 6)])
        #expect(decoded("\u{1B}[<0;300;200M") == [mouse(.press, .left, 299, 199)])
    }

    @Test func mouseWheelAndModifiers() {
        #expect(decoded("\u{1B}[<64;5;6M") == [mouse(.wheelUp, .none, 4, 5)])
        #expect(decoded("\u{1B}[<65;5;6M") == [mouse(.wheelDown, .none, 4, 5)])
        #expect(decoded("\u{1B}[<66;5;6M").isEmpty)
        #expect(decoded("\u{1B}[<4;1;1M") == [mouse(.press, .left, 0, 0, .shift)])
        #expect(decoded("\u{1B}[<8;1;1M") == [mouse(.press, .left, 0, 0, .alt)])
        #expect(decoded("\u{1B}[<16;1;1M") == [mouse(.press, .left, 0, 0, .control)])
        #expect(decoded("\u{1B}[<84;1;1M") == [mouse(.wheelUp, .none, 0, 0, [.shift, .control])])
        #expect(decoded("\u{1B}[<48;2;2M") == [mouse(.drag, .left, 1, 1, .control)])
    }

    @Test func mouseReportsWithMissingOrZeroCoordinates() {
        #expect(decoded("\u{1B}[<0;0;0M") == [mouse(.press, .left, 0, 0)])
        #expect(decoded("\u{1B}[<0;5M").isEmpty)
        #expect(decoded("\u{1B}[<M").isEmpty)
    }

    // MARK: - Paste

    @Test func bracketedPaste() {
        #expect(decoded("\u{1B}[200~hello\u{1B}[201~") == [.paste("hello")])
        #expect(decoded("\u{1B}[200~one\r\ntwo\rthree\nfour\u{1B}[201~") == [.paste("one\ntwo\nthree\nfour")])
        #expect(decoded("\u{1B}[200~tab\there\u{7}\u{1B}[A\u{1B}[201~x") == [.paste("tab\there[A"), .text("x")])
        #expect(decoded("\u{1B}[200~é漢\u{1B}\u{1B}[201~") == [.paste("é漢")])
        #expect(decoded("ab\u{1B}[200~\u{1B}[201~") == [.text("ab"), .paste("")])
    }

    @Test func aPasteInManyReadsAndPausesIsOne() {
        var decoder = TerminalInputDecoder()
        var inputs = decoder.decode(Array("\u{1B}[200~first ".utf8))
        inputs += decoder.flush()
        #expect(!decoder.needsFlush)
        inputs += decoder.decode(Array("second\u{1B}[20".utf8))
        inputs += decoder.flush()
        inputs += decoder.decode(Array("1~".utf8))
        #expect(inputs == [.paste("first second")])
    }

    @Test func aHugePasteIsCutAndWhatFollowsIsKept() {
        var decoder = TerminalInputDecoder()
        var inputs = decoder.decode(Array("\u{1B}[200~".utf8))
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 16) + Array("漢".utf8)
        for _ in 0..<(TerminalInputDecoder.maximumPaste / chunk.count + 4) { inputs += decoder.decode(chunk) }
        inputs += decoder.decode(Array("\u{1B}[201~\u{1B}[B".utf8))
        #expect(inputs.count == 2)
        guard case .paste(let text)? = inputs.first else { Issue.record("no paste"); return }
        #expect(text.utf8.count <= TerminalInputDecoder.maximumPaste)
        #expect(text.utf8.count > TerminalInputDecoder.maximumPaste - 4)
        #expect(!text.contains("\u{FFFD}"))
        #expect(inputs.last == key(.down))
    }

    // MARK: - Hostile input

    @Test func unknownSequencesAreSkipped() {
        #expect(decoded("\u{1B}[99~a") == [.text("a")])
        #expect(decoded("\u{1B}[?1;2cb") == [.text("b")])
        #expect(decoded("\u{1B}[1 qc") == [.text("c")])
        #expect(decoded("\u{1B}[Id\u{1B}[Oe") == [.text("de")])
        #expect(decoded("\u{1B}O5Xf") == [.text("f")])
        #expect(decoded("\u{1B}[[Zg") == [.text("g")])
    }

    @Test func aSequenceCutShortLosesNothingAfterIt() {
        #expect(decoded("\u{1B}[1;5\u{1B}[A") == [key(.up)])
        #expect(decoded("\u{1B}[<0;3\u{3}x") == [key(.control("c")), .text("x")])
        #expect(decoded("\u{1B}[12é") == [.text("é")])
        #expect(decoded("\u{1B}O\u{1B}[B") == [key(.down)])
        #expect(decoded("\u{1B}[[\u{1B}[C") == [key(.right)])
        var decoder = TerminalInputDecoder()
        #expect(decoder.decode(Array("\u{1B}[1;".utf8)).isEmpty)
        #expect(decoder.flush().isEmpty)
        #expect(decoder.decode(Array("5Ax".utf8)) == [.text("5Ax")])
    }

    @Test func hugeNumbersClampAndManyParametersAreIgnored() {
        let huge = String(repeating: "9", count: 400)
        #expect(decoded("\u{1B}[<0;\(huge);\(huge)M") == [mouse(.press, .left, 65_534, 65_534)])
        #expect(decoded("\u{1B}[\(huge)~z") == [.text("z")])
        #expect(decoded("\u{1B}[1;\(huge)A") == [key(.up, [.shift, .alt, .control, .meta])])
        let many = String(repeating: "1;", count: 10_000)
        #expect(decoded("\u{1B}[\(many)Ay") == [key(.up), .text("y")])
        #expect(decoded("\u{1B}[<\(many)My") == [mouse(.press, .middle, 0, 0), .text("y")])
    }

    @Test func randomBytesNeverTrapAndEndInTheGroundState() {
        var random = SeededGenerator(seed: 7)
        let pieces: [[UInt8]] = [[0x1B], Array("[".utf8), Array("<".utf8), Array("O".utf8), Array("200~".utf8),
                                 Array("201~".utf8), Array("1;5".utf8), Array("M".utf8), [0xE6], [0xBC], [0xFF], [0x00],
                                 Array("~".utf8), Array("a".utf8), Array("99999999".utf8)]
        for _ in 0..<200 {
            var decoder = TerminalInputDecoder()
            var bytes: [UInt8] = []
            for _ in 0..<random.next(below: 60) { bytes += pieces[random.next(below: pieces.count)] }
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + 1 + random.next(below: 6))
                _ = decoder.decode(Array(bytes[start..<end]))
                if random.next(below: 3) == 0 { _ = decoder.flush() }
                start = end
            }
            // After the paste's end and a flush, a key reads as a key.
            _ = decoder.decode(Array("\u{1B}[201~".utf8))
            _ = decoder.flush()
            #expect(decoder.decode(Array("\u{1B}[A".utf8)) == [key(.up)])
        }
    }
}
