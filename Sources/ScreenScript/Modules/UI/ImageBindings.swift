import LuaBridge
import ScreenKit

extension Image: LuaObject {}
extension ImageView.ContentMode: LuaEnumeration {}

/// Images: `ui.image(path)` and `ui.image{ data = bytes }`, the `ui.Image` they give, and
/// `ui.ImageView`.
///
/// ```lua
/// local photo = ui.ImageView:new{ image = ui.image("photos/beach.jpg"), contentMode = "scaleAspectFill",
///                                 frame = { 0, 0, 320, 200 }, clipsToBounds = true }
/// medium.data = photo.image.data                  -- the file's bytes, for a store
/// local again = ui.image{ data = medium.data }    -- as UIImage(data:)
/// ```
enum ImageBindings {
    /// `ui.Image`: what `ui.image` read, with its `size` in points and its file's bytes as
    /// `data`; written as it was made.
    static func image() -> LuaClass<Image> {
        let cls = LuaClass<Image>("ui.Image")
        cls.property("size") { $0.size }
        cls.property("data") { LuaValue.string(LuaString(bytes: $0.file)) }
        cls.metamethod("__tostring") { args in
            let image = try args.get(1, as: Image.self)
            guard image.name != dataName else { return "ui.image{ data = \(image.file.count) bytes } (\(image.size))" }
            return "ui.image(\"\(image.name)\") (\(image.size))"
        }
        return cls
    }

    /// What an image made from bytes is called, unless its `name` says otherwise.
    static let dataName = "image"

    /// `ui.ImageView`: an image placed by its `contentMode`. Made with an image and no frame,
    /// it is as large as its image, as `UIImageView(image:)` is.
    static func imageView(parent: LuaClassDefinition, host: ScriptHost) -> LuaClass<ImageView> {
        let cls = LuaClass<ImageView>("ui.ImageView", parent: parent, extensible: true)
        cls.property("image", get: { $0.image }, set: { $0.image = $1 })
        cls.property("contentMode", get: { $0.contentMode }, set: { $0.contentMode = $1 })
        cls.scriptConstructor(callbacks: CallbackCheck.viewCallbacks, host: host) { args in
            // Only a look: a field that is no image is refused when `new` applies it.
            guard let fields = try? args.get(2, as: LuaTable?.self), fields["frame"].isNil,
                  let image = try? fields.get("image", as: Image?.self)
            else { return ImageView() }
            return ImageView(image: image)
        }
        return cls
    }

    // MARK: - ui.image

    /// `ui.image(path)` for the app: a PNG or JPEG of the app's folder, else of its data
    /// directory (see ``ImageFiles``).
    ///
    /// - Throws: `ui.image: photo.jpg: the file ends before its image does`, and the like:
    ///   the path as given and why it is no image.
    static func load(_ args: LuaArguments, host: ScriptHost) throws -> Image {
        if args.type(at: 1) == .table { return try fromData(args) }
        let path = try args.get(1, as: String.self)
        let files = ImageFiles(appFolder: host.appFolder ?? host.scriptFolder, dataDirectory: host.dataDirectory)
        switch files.read(path) {
        case .success(let bytes): return try decode(bytes, path: path)
        case .failure(let refusal): throw BindingError("ui.image: \(PluginFiles.shown(path)): \(refusal.reason)")
        }
    }

    /// `ui.image(path)` for a plugin, as its sandbox calls it with the plugin's folder and
    /// whether it has the `files` permission: a file of its folder, or with `files` of the
    /// app's data directory, as its `io.open` may read (see ``PluginFiles``).
    static func loadForPlugin(_ args: LuaArguments, host: ScriptHost) throws -> Image {
        if args.type(at: 1) == .table { return try fromData(args) }
        let path = try args.get(1, as: String.self)
        let folder = try args.get(2, as: String.self)
        let files = PluginFiles(folder: folder, dataDirectory: try args.get(3, as: Bool.self) ? host.dataDirectory : nil)
        switch ImageFiles.read(path, as: files) {
        case .success(let bytes): return try decode(bytes, path: path)
        case .failure(let refusal): throw BindingError("ui.image: \(refusal.message)")
        }
    }

    /// `ui.image{ data = bytes, name = "beach.jpg" }`: the bytes of a PNG or JPEG file (as a
    /// store keeps them), decoded as `UIImage(data:)` does; `name` is what it is called (the
    /// accessibility label of a view showing it), "image" by default.
    ///
    /// - Throws: an argument error for a field that is not one of those, or of the wrong
    ///   type; `ui.image: image: not a PNG or JPEG file`, and the like, for bytes that are no
    ///   image.
    static func fromData(_ args: LuaArguments) throws -> Image {
        let fields = ["data", "name"]
        for (key, _) in try args.get(1, as: LuaTable.self).pairs {
            guard let name = key.stringValue, fields.contains(name) else {
                let hint = key.stringValue.flatMap { LuaSuggestion.closest(to: $0, among: fields) }
                    .map { " (did you mean '\($0)'?)" } ?? ""
                throw args.error(1, "unknown field \(key)\(hint); an image is made from { data =, name = }")
            }
        }
        guard case .string(let data) = try args.field(1, "data", as: LuaValue.self) else {
            let given = try args.field(1, "data", as: LuaValue.self)
            throw args.error(1, "string of bytes expected, got \(given.type) in field 'data'")
        }
        let name = try args.field(1, "name", as: String?.self) ?? dataName
        return try decode(data.bytes, path: name)
    }

    private static func decode(_ bytes: [UInt8], path: String) throws -> Image {
        do {
            return try ImageDecoder.decode(bytes, name: path)
        } catch {
            throw BindingError("ui.image: \(PluginFiles.shown(path)): \(error.reason)")
        }
    }
}
