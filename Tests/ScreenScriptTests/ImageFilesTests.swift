import Foundation
import Testing
@testable import ScreenScript

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `ImageFiles`: where `ui.image` looks (the app's folder, then its data directory), and the
/// paths it refuses: `..`, absolute paths outside, links out, what is no regular file.
@MainActor
final class ImageFilesTests {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("images-\(UUID())").path
    var app: String { base + "/app" }
    var data: String { base + "/data" }
    var files: ImageFiles { ImageFiles(appFolder: app, dataDirectory: data) }

    init() throws {
        for folder in [app + "/photos", data, base + "/elsewhere"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: base)
    }

    private func write(_ path: String, _ text: String) {
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    private func read(_ path: String) -> String {
        switch files.read(path) {
        case .success(let bytes): String(decoding: bytes, as: UTF8.self)
        case .failure(let refusal): "refused: " + refusal.reason
        }
    }

    @Test("a relative path is the app's folder's file first, then the data directory's")
    func order() {
        write(app + "/photos/a.png", "app")
        write(data + "/a.png", "data's a")
        write(data + "/photos/a.png", "data")
        write(data + "/b.png", "data's b")
        #expect(read("photos/a.png") == "app")
        #expect(read("./photos/a.png") == "app")
        #expect(read("b.png") == "data's b")
        #expect(read("a.png") == "data's a")
        #expect(read(app + "/photos/a.png") == "app")
        #expect(read(data + "/b.png") == "data's b")
    }

    @Test("a missing file names both folders")
    func missing() {
        #expect(read("nope.png") == "refused: no such file in the app's folder (\(app)) or its data directory (\(data))")
        #expect(read("photos/deeper/nope.png").hasPrefix("refused: no such file"))
        let alone = ImageFiles(appFolder: nil, dataDirectory: data)
        if case .failure(let refusal) = alone.read("nope.png") {
            #expect(refusal.reason == "no such file in the app's data directory (\(data))")
        } else {
            Issue.record("read a missing file")
        }
    }

    @Test("'..' anywhere, absolute paths outside and links out are refused")
    func escapes() throws {
        write(base + "/elsewhere/secret.png", "secret")
        write(app + "/photos/ok.png", "ok")
        #expect(read("../elsewhere/secret.png") == "refused: '..' is not allowed in an image's path")
        #expect(read("photos/../photos/ok.png") == "refused: '..' is not allowed in an image's path")
        #expect(read(base + "/elsewhere/secret.png") == "refused: outside the app's folder and its data directory")
        #expect(read("/etc/passwd") == "refused: outside the app's folder and its data directory")
        #expect(read("/nonexistent/x.png") == "refused: outside the app's folder and its data directory")
        try FileManager.default.createSymbolicLink(atPath: app + "/out.png", withDestinationPath: base + "/elsewhere/secret.png")
        try FileManager.default.createSymbolicLink(atPath: app + "/outfolder", withDestinationPath: base + "/elsewhere")
        try FileManager.default.createSymbolicLink(atPath: app + "/dangling.png", withDestinationPath: base + "/gone.png")
        #expect(read("out.png") == "refused: outside the app's folder and its data directory")
        #expect(read("outfolder/secret.png") == "refused: outside the app's folder and its data directory")
        #expect(read("dangling.png") == "refused: outside the app's folder and its data directory")
        // A link that stays inside is followed.
        try FileManager.default.createSymbolicLink(atPath: app + "/in.png", withDestinationPath: "photos/ok.png")
        #expect(read("in.png") == "ok")
    }

    @Test("a folder, a FIFO, an unreadable file and an empty name are refused with the reason")
    func notFiles() throws {
        #expect(read("photos") == "refused: a folder, not a file")
        #expect(read(".") == "refused: a folder, not a file")
        #expect(read("") == "refused: not a file name")
        #expect(read("a\0b") == "refused: not a file name")
        #expect(mkfifo(app + "/pipe.png", 0o600) == 0)
        #expect(read("pipe.png") == "refused: not a regular file")
        write(app + "/locked.png", "locked")
        chmod(app + "/locked.png", 0)
        // Root reads whatever the mode says.
        if geteuid() != 0 {
            #expect(read("locked.png") == "refused: cannot be read (Permission denied)")
        }
    }
}
