import LuaBridge
import ScreenKit

extension Image: LuaObject {}
extension ImageView.ContentMode: LuaEnumeration {}

/// Images: `ui.image(path)`, the `ui.Image` it gives, and `ui.ImageView`.
///
/// ```lua
/// local photo = ui.ImageView:new{ image = ui.image("photos/beach.jpg"), contentMode = "scaleAspectFill",
///                                 frame = { 0, 0, 320, 200 }, clipsToBounds = true }
/// ```
enum ImageBindings {
    /// `ui.Image`: what `ui.image` read, with its `size` in points; written as it was made.
    static func image() -> LuaClass<Image> {
        let cls = LuaClass<Image>("ui.Image")
        cls.property("size") { $0.size }
        cls.metamethod("__tostring") { args in
            let image = try args.get(1, as: Image.self)
            return "ui.image(\"\(image.name)\") (\(image.size))"
        }
        return cls
    }

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
        let path = try args.get(1, as: String.self)
        let folder = try args.get(2, as: String.self)
        let files = PluginFiles(folder: folder, dataDirectory: try args.get(3, as: Bool.self) ? host.dataDirectory : nil)
        switch ImageFiles.read(path, as: files) {
        case .success(let bytes): return try decode(bytes, path: path)
        case .failure(let refusal): throw BindingError("ui.image: \(refusal.message)")
        }
    }

    private static func decode(_ bytes: [UInt8], path: String) throws -> Image {
        do {
            return try ImageDecoder.decode(bytes, name: path)
        } catch {
            throw BindingError("ui.image: \(PluginFiles.shown(path)): \(error.reason)")
        }
    }
}
