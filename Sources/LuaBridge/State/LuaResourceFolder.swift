#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder of `.lua` files a target ships as its resources (`resources: [.copy("Lua")]`
/// in Package.swift): the host's own Lua, kept in files rather than in Swift strings. A
/// target that ships other files the same way (the browser preview's page) names its folder.
///
/// On Linux a file is found beside the program (its real path): in the target's resource
/// folder, `<bundle>.resources/Lua/`, where `swift build` puts it for the program and the
/// tests and where `make install` copies it. `Bundle` is not asked there: its first use
/// lists every file in the program's folder (thousands in a build folder), and
/// `Bundle.module` ends the program when it finds no bundle. Other platforms ask the
/// target's `Bundle.module` (`elsewhere`).
///
/// ```swift
/// static let screenScript = LuaResourceFolder(bundle: "LuaScreens_ScreenScript", elsewhere: Bundle.module.resourcePath)
/// let path = try LuaResourceFolder.screenScript.path(of: "sandbox.lua")
/// ```
public struct LuaResourceFolder {
    /// The resource bundle's name: the package's and the target's (`LuaScreens_ScreenScript`).
    public let bundle: String
    /// The folder of the bundle the files are in: `Lua`, or another a target copies (the
    /// browser preview's `Page`).
    public let folder: String
    private let elsewhere: () -> String?

    /// - Parameters:
    ///   - bundle: the resource bundle's name, `LuaScreens_` and the target's.
    ///   - folder: the copied folder the files are in.
    ///   - elsewhere: the bundle's resource folder where the program's folder does not hold
    ///     it (platforms other than Linux): the target's `Bundle.module.resourcePath`.
    public init(bundle: String, folder: String = "Lua", elsewhere: @escaping @autoclosure () -> String? = nil) {
        self.bundle = bundle
        self.folder = folder
        self.elsewhere = elsewhere
    }

    /// The path of `file`, relative to the target's ``folder`` (`sandbox.lua`,
    /// `skeleton/init.lua`).
    ///
    /// - Throws: ``LuaError`` of kind `.file` naming the file and where it was looked for.
    public func path(of file: String) throws(LuaError) -> String {
        #if os(Linux)
        let folder = Self.programFolder.map { "\($0)/\(bundle).resources" }
        #else
        let folder = elsewhere()
        #endif
        let what = self.folder == "Lua" ? "Lua file" : "file"
        guard let folder else {
            throw LuaError(kind: .file, message: "the program's \(what) \(file) cannot be found: the program's folder is unknown")
        }
        let path = "\(folder)/\(self.folder)/\(file)"
        guard access(path, R_OK) == 0 else {
            throw LuaError(
                kind: .file,
                message: "the program's \(what) \(file) is missing: \(path) cannot be read (its resource folders go beside the program)")
        }
        return path
    }

    /// The bytes of `file` (see ``path(of:)``).
    ///
    /// - Throws: ``LuaError`` of kind `.file` when it is missing or cannot be read.
    public func contents(of file: String) throws(LuaError) -> [UInt8] {
        try LuaState.readFile(try path(of: file))
    }

    #if os(Linux)
    /// The folder of the program's real file (links resolved), read once per process.
    private static let programFolder: String? = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }()
    #endif
}
