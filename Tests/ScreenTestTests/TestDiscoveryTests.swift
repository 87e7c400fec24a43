import Testing
@testable import ScreenTest

/// How test files are named, whatever way their path was spelt.
struct TestDiscoveryTests {
    let discovery = TestDiscovery(currentFolder: "/work/project")

    @Test func namesAPathRelativeToTheCurrentFolderWhenInsideIt() {
        for spelling in ["Tests/lua/x_spec.lua", "./Tests/lua/x_spec.lua", "Tests//lua/./x_spec.lua",
                         "Tests/other/../lua/x_spec.lua", "/work/project/Tests/lua/x_spec.lua",
                         "../project/Tests/lua/x_spec.lua"] {
            #expect(discovery.name(of: spelling) == "Tests/lua/x_spec.lua", "\(spelling)")
        }
        #expect(discovery.name(of: "./") == ".")
        #expect(discovery.name(of: "/work/project") == ".")
    }

    @Test func namesAPathOutsideTheCurrentFolderInFull() {
        #expect(discovery.name(of: "../other/x_spec.lua") == "/work/other/x_spec.lua")
        #expect(discovery.name(of: "/work/projector/x_spec.lua") == "/work/projector/x_spec.lua")
        #expect(discovery.name(of: "../../../../x_spec.lua") == "/x_spec.lua")
        #expect(TestDiscovery(currentFolder: "/").name(of: "a/b_spec.lua") == "a/b_spec.lua")
    }
}
