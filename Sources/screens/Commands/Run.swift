import ArgumentParser
import EventLoop
import Foundation
import LuaBridge
import ScreenKit
import ScreenScript

/// `screens run APP`: runs an app (a folder with main.lua, or a Lua file): its main chunk,
/// its `didFinishLaunching(window)`, then its loop until a script calls `loop.quit()` or
/// nothing is left to do.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a Lua app: a folder with main.lua, or a single Lua file.",
        discussion: """
            With --headless the app runs in virtual time for the --for seconds, without
            waiting, and --snapshot writes the final screen as text (.txt) or SVG (.svg).
            """)

    @Argument(help: "The app folder or Lua file.", completion: .file(extensions: ["lua"]))
    var app: String

    @Flag(help: "Run in virtual time, without a terminal.")
    var headless = false

    @Option(name: .customLong("for"), help: "Seconds of virtual time to run with --headless.")
    var duration: Double = 0

    @Option(help: "Write the final screen to this file (.txt or .svg).", completion: .file(extensions: ["txt", "svg"]))
    var snapshot: String?

    @Option(help: "The device: iphone (320×480) or ipad (768×1024).")
    var device: String = "iphone"

    @Option(help: "portrait or landscape.")
    var orientation: String = "portrait"

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        guard Window.Device(rawValue: device) != nil else { throw ValidationError("unknown device '\(device)': use iphone or ipad") }
        guard Window.Orientation(rawValue: orientation) != nil else {
            throw ValidationError("unknown orientation '\(orientation)': use portrait or landscape")
        }
        guard duration >= 0, duration.isFinite else { throw ValidationError("--for needs a number of seconds, 0 or more") }
        if let snapshot, !(snapshot.hasSuffix(".txt") || snapshot.hasSuffix(".svg")) {
            throw ValidationError("--snapshot needs a .txt or .svg file name")
        }
    }

    func run() throws {
        let status = MainActor.assumeIsolated { () -> Int32 in
            do {
                let loop = EventLoop(clock: headless ? .virtual : .real)
                let host = try ScriptHost(loop: loop, limits: limits.luaLimits)
                try host.loadApp(at: app)
                try host.launch(device: Window.Device(rawValue: device)!, orientation: Window.Orientation(rawValue: orientation)!)
                if headless {
                    loop.advance(by: duration)
                } else {
                    host.run()
                }
                if let snapshot {
                    guard let screen = host.render(snapshot.hasSuffix(".svg") ? .svg : .text) else {
                        printError("screens: the app showed no window to write to \(snapshot)")
                        return 1
                    }
                    try Data(screen.utf8).write(to: URL(fileURLWithPath: snapshot))
                }
                return 0
            } catch {
                printError("screens: \(error)")
                return 1
            }
        }
        if status != 0 { throw ExitCode(status) }
    }
}

/// Limits shared by the commands that run scripts.
struct LimitOptions: ParsableArguments {
    @Option(help: "Instructions one call into Lua may run before it is stopped (0: no limit).")
    var instructions: Int = 0

    @Option(help: "Megabytes the scripts may allocate (0: no limit).")
    var memory: Int = 0

    var luaLimits: LuaLimits {
        LuaLimits(memory: memory > 0 ? memory << 20 : nil, instructions: instructions > 0 ? instructions : nil)
    }
}

/// Writes a line to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}
