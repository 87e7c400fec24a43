-- test.launch finds the plugins of the app it launches, in the app's plugins/ folder, and
-- they run in their own environment there as under screens run.
describe("an app's plugins under test.launch", function()
  it("are found in the app's plugins folder", function()
    local app = test.launch("apps/plugged")
    assert.is_not_nil(app:find("Hello, plugins"))
  end)

  it("keep their permissions", function()
    test.launch("apps/plugged")
    local ok, message = pcall(require("greeter").shell)
    assert.is_false(ok)
    assert.matches('os.execute needs the "os" permission: add it to permissions in .*apps/plugged/plugins/greeter/plugin.lua', message)
  end)

  it("are not this file's globals", function()
    test.launch("apps/plugged")
    assert.is_nil(rawget(_G, "greeter"))
    assert.are.equal(require("greeter"), require("greeter"))
  end)
end)
