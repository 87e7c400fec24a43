import Foundation
import ScreenScript

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command test files get as `arg[-1]`, as busted gives the interpreter that runs it:
/// one word that runs Lua 5.4 scripts with `lua`'s options, so that a suite can start Lua
/// subprocesses (`os.execute(arg[-1] .. " helper.lua")`) or find the interpreter by walking
/// `arg` downwards.
///
/// It is a link named `screens-lua` to this program, which runs as `screens lua` when
/// started under that name, kept in the user's cache folder
/// (`$XDG_CACHE_HOME/luascreens/bin/<key>/screens-lua`, one folder for each program path).
/// Where no link can be made, it is `PROGRAM lua`, which a shell runs as well.
nonisolated public enum InterpreterCommand {
    /// The name under which this program is the interpreter.
    public static let linkName = "screens-lua"

    /// The command for `executable`, its link made or mended when needed.
    public static func command(
        executable: String, environment: [String: String] = ProcessEnvironment.current()
    ) -> String {
        guard let folder = folder(for: executable, environment: environment) else { return executable + " lua" }
        let link = folder + "/" + linkName
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == executable { return link }
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else {
            return executable + " lua"
        }
        // Made beside and renamed over the old one, so that a run never sees it half made.
        let made = link + ".\(getpid())"
        unlink(made)
        guard symlink(executable, made) == 0, rename(made, link) == 0 else {
            unlink(made)
            return executable + " lua"
        }
        return link
    }

    /// Where the link for `executable` lives: a folder of the user's cache named after the
    /// program's path.
    static func folder(for executable: String, environment: [String: String]) -> String? {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in executable.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return SavedChunks.cacheFolder(environment: environment).map { $0 + "/bin/" + String(hash, radix: 16) }
    }
}
