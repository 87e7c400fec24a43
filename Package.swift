// swift-tools-version: 6.2
import PackageDescription

/// Everything that runs on the loop is main-actor code; the C shim and the system Lua are not Swift.
let mainActor: [SwiftSetting] = [.defaultIsolation(MainActor.self)]

/// What `--static-swift-stdlib` gives a release build of the program on Linux, also under
/// `swift run -c release`: the program's own code compiled against the static Swift
/// libraries, so that it asks for their dependencies (CoreFoundation, ICU) at the link.
let staticStandardLibrary = SwiftSetting.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))

let package = Package(
    name: "LuaScreens",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "screens", targets: ["screens"]),
        .executable(name: "screens-serve", targets: ["screens-serve"]),
        .executable(name: "screens-bench", targets: ["screens-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/mxcl/Version", from: "2.2.1"),
        // The browser preview's HTTP and WebSocket server (ScreenWeb).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        // libpng and libjpeg, for ImageShim alone.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]),
        // Decoding PNG and JPEG: libpng and libjpeg report errors by longjmp, which must
        // never cross a Swift frame, so every call that may jump stays in C.
        .target(name: "ImageShim", dependencies: ["CPNG", "CJPEG"]),
        // The BSD editline library: line editing, history and completion for the REPL on a
        // terminal, opened when the REPL first edits a line rather than linked (see
        // CLibEdit.h); its header comes from libedit-dev.
        .target(name: "CLibEdit", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(
            name: "LuaShim",
            dependencies: ["CLua"],
            // Calls into the shared Lua library go through the GOT rather than a PLT stub,
            // which is a measurable part of every crossing between Lua and Swift.
            cSettings: [.unsafeFlags(["-fno-plt"], .when(platforms: [.linux]))],
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // Each target that runs Lua of its own ships it as files of its `Lua` folder, found
        // beside the program (see LuaResourceFolder).
        .target(name: "LuaBridge", dependencies: ["CLua", "LuaShim"], resources: [.copy("Lua")], swiftSettings: mainActor),
        .target(
            name: "EventLoop",
            dependencies: [.product(name: "Collections", package: "swift-collections")],
            swiftSettings: mainActor
        ),
        .target(name: "ScreenKit", dependencies: ["EventLoop"], swiftSettings: mainActor),
        .target(name: "ScreenRender", dependencies: ["ScreenKit"], swiftSettings: mainActor),
        .target(
            name: "ScreenStore",
            dependencies: [
                "EventLoop",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Collections", package: "swift-collections"),
            ],
            swiftSettings: mainActor
        ),
        .target(
            name: "ScreenScript",
            dependencies: [
                "LuaBridge", "EventLoop", "ScreenKit", "ScreenRender", "ScreenStore", "ImageShim",
                .product(name: "Version", package: "Version"),
            ],
            resources: [.copy("Lua")],
            swiftSettings: mainActor
        ),
        .target(
            name: "ScreenTest",
            dependencies: ["ScreenScript", "LuaBridge", "EventLoop", "ScreenKit", "ScreenRender", "WorkerShim"],
            resources: [.copy("Lua")],
            swiftSettings: mainActor
        ),
        // Restoring the terminal from signal handlers and atexit, which must not run Swift.
        .target(name: "TerminalShim"),
        // A test worker's forks dying with it (prctl, which is variadic), and the time limit
        // of the calls of a process that runs one file, by a timer's signal.
        .target(name: "WorkerShim", dependencies: ["LuaShim"]),
        .target(
            name: "ScreenHost",
            dependencies: ["ScreenScript", "ScreenRender", "ScreenKit", "EventLoop", "LuaBridge", "TerminalShim", "CLibEdit"],
            resources: [.copy("Lua")],
            swiftSettings: mainActor
        ),
        // `screens serve`: the app live in a browser. The server's tasks run off the loop's
        // thread and hand what they receive to the loop; the page is files of `Page`.
        .target(
            name: "ScreenWeb",
            dependencies: [
                "ScreenHost", "ScreenScript", "ScreenRender", "ScreenKit", "EventLoop", "LuaBridge",
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ],
            resources: [.copy("Page")],
            swiftSettings: mainActor
        ),
        // The command-line options `screens` and `screens-serve` share.
        .target(
            name: "ScreensOptions",
            dependencies: ["ScreenKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "screens",
            dependencies: [
                "ScreenHost", "ScreenScript", "ScreenTest", "ScreensOptions", "ScreenKit", "EventLoop", "LuaBridge",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            resources: [.copy("Lua")],
            // A release build links the Swift libraries (Foundation and its ICU data among
            // them) into the program: they are then neither looked up nor relocated at each
            // start, and a test worker starts in half the time. It exports no symbols, which
            // the Swift runtime would otherwise search one by one (dladdr) as it starts. It is
            // not position-independent: its pointers need no relocating at each start, so the
            // pages that hold them stay shared by `screens test` and its workers instead of
            // being copied into each (6 MB less for a run on two workers); the price is that
            // the program itself (not its libraries, stack or heap) loads at a fixed address.
            // Its calls into libraries are bound as it loads (`-z now`), not each at its first
            // call: a worker's fork would otherwise look up the functions it is first to call
            // and copy the page it writes their addresses to. And gold writes the program with
            // write(2), not through a mapping of the file (`--no-mmap-output-file`): the
            // system then caches its pages in large folios, which a process maps and unmaps
            // in batches; written through a mapping, each page is cached alone, and a run of
            // `screens test`, which forks for every file, took 8% more CPU time.
            swiftSettings: [staticStandardLibrary],
            linkerSettings: [
                .unsafeFlags(
                    ["-static-stdlib", "-Xlinker", "--no-export-dynamic", "-Xclang-linker", "-no-pie", "-Xlinker", "-z", "-Xlinker", "now",
                     "-use-ld=gold", "-Xlinker", "--no-mmap-output-file"],
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),
        // `screens serve`, which `screens` hands over to: a program of its own, since the server
        // library links libcurl, whose libraries every start of `screens` would load.
        .executableTarget(
            name: "screens-serve",
            dependencies: [
                "ScreenWeb", "ScreensOptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [staticStandardLibrary],
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]
        ),
        .target(
            name: "BenchShim",
            dependencies: ["CLua"],
            // As LuaShim's: a baseline pays for the Lua library's calls what the host pays.
            cSettings: [.unsafeFlags(["-fno-plt"], .when(platforms: [.linux]))]
        ),
        .executableTarget(
            name: "screens-bench",
            dependencies: [
                // Not linked: built so that the runner figures run the release `screens`.
                "screens",
                "LuaBridge", "LuaShim", "EventLoop", "ScreenScript", "ScreenKit", "ScreenStore", "ScreenRender", "BenchShim",
                // The browser preview's figures: its server, and FlyingFox's socket for the client side.
                "ScreenWeb", "ScreenHost", .product(name: "FlyingSocks", package: "FlyingFox"),
                // Only to write the JPEG the image figure decodes.
                "ImageShim",
                .product(name: "Collections", package: "swift-collections"),
                // Only for the raw-SQLite baselines the store is measured against.
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            resources: [.copy("Lua")],
            swiftSettings: mainActor
        ),
        .testTarget(name: "LuaBridgeTests", dependencies: ["LuaBridge", "LuaShim"], swiftSettings: mainActor),
        .testTarget(name: "EventLoopTests", dependencies: ["EventLoop"], swiftSettings: mainActor),
        .testTarget(name: "ScreenKitTests", dependencies: ["ScreenKit"], swiftSettings: mainActor),
        .testTarget(
            name: "ScreenStoreTests",
            dependencies: ["ScreenStore", "EventLoop", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: mainActor
        ),
        .testTarget(
            name: "ScreenRenderTests", dependencies: ["ScreenRender", "ScreenKit"], exclude: ["Expected"],
            swiftSettings: mainActor
        ),
        .testTarget(
            name: "ScreenScriptTests",
            dependencies: ["ScreenScript", "LuaBridge", "ImageShim", .product(name: "Version", package: "Version")],
            swiftSettings: mainActor
        ),
        .testTarget(name: "ScreenHostTests", dependencies: ["ScreenHost"], swiftSettings: mainActor),
        .testTarget(name: "ScreenTestTests", dependencies: ["ScreenTest"], swiftSettings: mainActor),
        .testTarget(
            name: "ScreenWebTests",
            dependencies: [
                "ScreenWeb", "ScreenHost", "ScreenScript", "EventLoop",
                // A client for the attacks: requests sent as written, not as a URL library would tidy them.
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ],
            swiftSettings: mainActor
        ),
        .testTarget(
            name: "ScreensCLITests", dependencies: ["screens", "screens-serve", "ScreenTest", "LuaBridge"], exclude: ["Expected", "Scripts"]
        ),
    ]
)
