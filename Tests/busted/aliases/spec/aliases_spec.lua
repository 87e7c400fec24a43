-- busted's other names: context for describe, spec and test for it, strict_* and lazy_*
-- hooks, and the curried form describe "name" (function ... end).
local order = {}

context("context", function()
  spec("spec declares a test", function() order[#order + 1] = "spec" end)
  test("test declares a test", function() order[#order + 1] = "test" end)
end)

describe "curried describe" (function()
  it "curried it" (function() order[#order + 1] = "curried" end)
end)

describe("strict and lazy hooks", function()
  local log = {}
  strict_setup(function() log[#log + 1] = "strict_setup" end)
  lazy_setup(function() log[#log + 1] = "lazy_setup" end)
  -- Fails on purpose: lazy_teardown has run before it.
  strict_teardown(function() assert.same({ "strict_setup", "lazy_setup", "test" }, log) end)
  lazy_teardown(function() log[#log + 1] = "lazy_teardown" end)
  it("runs after both setups", function()
    log[#log + 1] = "test"
    assert.same({ "strict_setup", "lazy_setup", "test" }, log)
  end)
end)

describe("lazy_setup without tests to run", function()
  lazy_setup(function() error("not run: no test asks for it") end)
  pending("a pending test does not ask for it")
end)

it("ran the aliases in order", function()
  assert.same({ "spec", "test", "curried" }, order)
end)

it("a test declared without a function is not counted")

describe("declaring inside a test", function()
  it("is an error", function()
    it("nested", function() end)
  end)
  it("of a hook too", function()
    before_each(function() end)
  end)
end)
