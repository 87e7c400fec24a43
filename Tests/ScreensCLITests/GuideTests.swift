import Foundation
import Testing

/// The README and the guide teach with files and commands, and these tests keep them true:
/// every code block is a file of the repository (named on the line before it, `` `path`: ``)
/// and is that file whole, or a shell block whose every command runs as written (a `make`
/// command as a dry run of its target), or, right after a shell block, the output of its
/// last command. The README's pictures are PhotoDiary's SVG snapshots.
@Suite(.serialized)
struct GuideTests {
    static let documents = ["README.md", "docs/guide.md"]

    @Test("every code block is a file, a shell command or the output of one", arguments: documents)
    func everyBlockIsChecked(document: String) throws {
        for block in try Self.blocks(of: document) {
            let checked = block.file != nil || block.language == "sh" || block.isOutput
            #expect(checked, "\(document):\(block.line): a ```\(block.language) block that names no file and is no command's output")
        }
    }

    @Test("each file a block shows is the repository's file, whole", arguments: documents)
    func filesAreWhole(document: String) throws {
        for block in try Self.blocks(of: document) {
            guard let file = block.file else { continue }
            let url = ScreensProgram.root.appendingPathComponent(file)
            let contents = try? String(contentsOf: url, encoding: .utf8)
            #expect(contents == block.text, "\(document):\(block.line): the block is not \(file) as it is")
        }
    }

    @Test("each command runs as written and prints the output shown", arguments: documents)
    func commandsRun(document: String) throws {
        try ScreensProgram.withTemporaryFolder { folder in
            let blocks = try Self.blocks(of: document)
            for (index, block) in blocks.enumerated() where block.language == "sh" {
                var last: ScreensProgram.Output?
                for command in block.commands {
                    let output = try Self.run(command, in: folder)
                    #expect(output.status == 0, "\(document):\(block.line): `\(command)` failed: \(output.stderr)")
                    last = output
                }
                guard index + 1 < blocks.count, blocks[index + 1].isOutput, let last else { continue }
                #expect(last.stdout == blocks[index + 1].text, "\(document):\(blocks[index + 1].line): `\(block.commands.last ?? "")` printed:\n\(last.stdout)")
            }
        }
    }

    @Test("make run opens PhotoDiary")
    func makeRunOpensPhotoDiary() throws {
        try ScreensProgram.withTemporaryFolder { folder in
            let output = try Self.run("make run", in: folder)
            let last = output.stdout.split(separator: "\n").last.map(String.init) ?? ""
            #expect(last.hasSuffix("/screens run scripts/photodiary"), "make -n run ends with: \(last)")
        }
    }

    @Test("the README's pictures are PhotoDiary's snapshots, and each is shown")
    func picturesAreSnapshots() throws {
        let images = ScreensProgram.root.appendingPathComponent("docs/images")
        let readme = try String(contentsOf: ScreensProgram.root.appendingPathComponent("README.md"), encoding: .utf8)
        let names = try FileManager.default.contentsOfDirectory(atPath: images.path).filter { $0.hasSuffix(".svg") }
        #expect(!names.isEmpty)
        for name in names {
            #expect(name.hasPrefix("photodiary-"), "docs/images/\(name) is no PhotoDiary snapshot")
            let snapshot = ScreensProgram.root.appendingPathComponent(
                "scripts/photodiary/tests/__snapshots__/" + name.dropFirst("photodiary-".count))
            #expect(FileManager.default.contents(atPath: images.appendingPathComponent(name).path)
                == FileManager.default.contents(atPath: snapshot.path), "docs/images/\(name) differs from \(snapshot.path)")
            #expect(readme.contains("docs/images/\(name)"), "README.md does not show docs/images/\(name)")
        }
    }

    // MARK: - Blocks

    /// A fenced code block of a document.
    struct Block {
        var language: String
        var lines: [String] = []
        /// The line of its opening fence, from 1.
        var line: Int
        /// The repository file it shows, named on the line before it.
        var file: String?
        /// Whether it follows a shell block with nothing but blank lines between: that
        /// block's output.
        var isOutput = false

        var text: String { lines.map { $0 + "\n" }.joined() }

        /// Its lines that are commands (not blank, not comments).
        var commands: [String] {
            lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        }
    }

    static func blocks(of document: String) throws -> [Block] {
        let text = try String(contentsOf: ScreensProgram.root.appendingPathComponent(document), encoding: .utf8)
        var blocks: [Block] = []
        var open: Block?
        // The last line of text before a block, and whether only blank lines followed a block.
        var lastText: String?
        var afterShell = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if var block = open {
                if line.hasPrefix("```") {
                    blocks.append(block)
                    open = nil
                    afterShell = block.language == "sh"
                    lastText = nil
                } else {
                    block.lines.append(String(line))
                    open = block
                }
                continue
            }
            if line.hasPrefix("```") {
                let file = lastText.flatMap { $0.wholeMatch(of: /`([^`]+)`:/).map { String($0.1) } }
                let language = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                open = Block(language: language, line: index + 1, file: file, isOutput: afterShell && lastText == nil && language == "text")
            } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                lastText = String(line)
                afterShell = false
            }
        }
        return blocks
    }

    // MARK: - Commands

    /// Runs `command` with sh in the repository, as a reader would with `screens` on the
    /// PATH, its data, state and temporary files in `folder`, in UTC. A `make` command is a
    /// dry run (`make -n`): `make test` would run these tests again.
    static func run(_ command: String, in folder: URL) throws -> ScreensProgram.Output {
        let bin = ScreensProgram.executable.deletingLastPathComponent().path
        var line = command
        if line.hasPrefix("make ") { line = "make -n --no-print-directory BIN=\(bin) " + line.dropFirst("make ".count) }
        let environment = [
            "PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
            "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
            "XDG_RUNTIME_DIR": folder.path,
            "TMPDIR": folder.path,
            "TZ": "UTC",
        ]
        return try ScreensProgram.run(URL(fileURLWithPath: "/bin/sh"), ["-c", line], environment: environment)
    }
}
