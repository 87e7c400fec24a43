import Foundation
import Testing
import LuaBridge
@testable import ScreenScript

/// `ui.image` through a host: the app's folder before its data directory, and a plugin that
/// reads through it no file its sandbox would not let it read.
@MainActor
struct ImageScriptTests {
    let fixture: PluginFixture
    let png = TestImages.png(3, 2, TestImages.halves(3, 2))

    init() throws {
        fixture = try PluginFixture()
    }

    var data: String { fixture.folder + "/data" }

    private func put(_ bytes: [UInt8], at path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    }

    /// What `code` returns in the app's state, as a string, or its error's message.
    private func outcome(_ host: ScriptHost, _ code: String) -> String {
        do {
            return try fixture.run(host, code).stringValue ?? "(not a string)"
        } catch let error as LuaError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test("the app's folder first, then its data directory")
    func appFolderThenData() throws {
        try put(png, at: fixture.folder + "/logo.png")
        try put(TestImages.png(5, 5, TestImages.halves(5, 5)), at: data + "/logo.png")
        try put(TestImages.png(7, 1, TestImages.halves(7, 1)), at: data + "/saved/photo.png")
        let host = try fixture.host(main: "")
        #expect(outcome(host, "return ui.image('logo.png').size.width .. ''") == "3.0")
        #expect(outcome(host, "return ui.image('saved/photo.png').size.width .. ''") == "7.0")
        #expect(outcome(host, "return ui.image('\(data)/logo.png').size.width .. ''") == "5.0")
        #expect(outcome(host, "ui.image('nope.png')").hasPrefix("test:1: ui.image: nope.png: no such file in the app's folder ("))
    }

    @Test("a plugin reads its own folder's images, and the data directory's only with \"files\"")
    func pluginReadsWhatItsSandboxAllows() throws {
        try put(png, at: fixture.folder + "/plugins/t1/icon.png")
        try put(png, at: fixture.folder + "/plugins/t2/icon.png")
        try put(png, at: fixture.folder + "/plugins/t3/icon.png")
        try put(png, at: fixture.folder + "/app.png")
        try put(png, at: data + "/saved.png")
        let reads = """
            local function try(path)
              local ok, value = pcall(ui.image, path)
              return ok and ("read " .. value.size.width) or value
            end
            return { own = try("icon.png"), app = try("../../app.png"), appAbsolute = try(%APP%),
                     data = try(%DATA%), other = try("../t2/icon.png"), type = try(42) }
            """
            .replacingOccurrences(of: "%APP%", with: "'\(fixture.folder)/app.png'")
            .replacingOccurrences(of: "%DATA%", with: "'\(data)/saved.png'")
        try fixture.plugin("t1", main: reads)
        try fixture.plugin("t3", "permissions = { 'files' }", main: reads)
        let host = try fixture.host(main: "without = require('t1'); with = require('t3')")
        func read(_ who: String, _ key: String) -> String { outcome(host, "return tostring(\(who).\(key))") }
        #expect(read("without", "own") == "read 3.0")
        #expect(read("with", "own") == "read 3.0")
        for who in ["without", "with"] {
            #expect(read(who, "app").contains("'..' is not allowed"))
            #expect(read(who, "appAbsolute").contains("ui.image: \(fixture.folder)/app.png is outside the plugin's folder"))
            #expect(read(who, "other").contains("'..' is not allowed"))
            #expect(read(who, "type").contains("bad argument #1 to 'image' (string or table expected, got number)"))
        }
        #expect(read("without", "data").contains("is outside the plugin's folder"))
        #expect(read("with", "data") == "read 3.0")
    }

    @Test("a plugin's refusal is at its own line, and a link out of its folder is refused")
    func pluginErrorsAtItsLine() throws {
        try put(png, at: fixture.folder + "/secret.png")
        try fixture.link("plugins/t1/escape.png", to: fixture.folder + "/secret.png")
        try fixture.plugin("t1", main: """
            local ok, message = pcall(function()
              local image = ui.image("escape.png")
              return image
            end)
            return { message = message }
            """)
        let host = try fixture.host(main: "report = require('t1')")
        let message = outcome(host, "return report.message")
        #expect(message.hasSuffix("init.lua:2: ui.image: escape.png is outside the plugin's folder (\(fixture.folder)/plugins/t1)"))
    }
}
