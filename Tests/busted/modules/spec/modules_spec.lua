-- require("busted") and luassert's modules give the objects the globals are; `arg` is
-- the script arguments.
local busted = require("busted")

busted.describe("require('busted')", function()
  local ran = {}
  busted.before_each(function() ran[#ran + 1] = "before_each" end)
  busted.it("gives describe, it and the hooks", function()
    for _, name in ipairs({ "describe", "it", "pending", "before_each", "after_each", "setup",
                            "teardown", "lazy_setup", "strict_teardown", "insulate", "expose" }) do
      assert.is_function(busted[name])
    end
    assert.same({ "before_each" }, ran)
  end)

  busted.it("is read-only", function()
    assert.has_error(function() busted.anything = 1 end)
  end)
end)

describe("luassert's modules", function()
  it("are the globals", function()
    assert.equal(assert, require("luassert"))
    assert.equal(spy, require("luassert.spy"))
    assert.equal(stub, require("luassert.stub"))
    assert.equal(mock, require("luassert.mock"))
    assert.equal(match, require("luassert.match"))
  end)

  it("say is loaded", function()
    local say = require("say")
    assert.equal("function", type(say.set))
  end)

  describe("luassert's snapshot of its state, beside assertions called snapshot", function()
    it("assert:snapshot() gives a state that reverts spies", function()
      local target = { f = function() return 1 end }
      local state = assert:snapshot()
      stub(target, "f").returns(2)
      assert.equal(2, target.f())
      state:revert()
      assert.equal(1, target.f())
    end)
  end)
end)

describe("arg", function()
  it("is a table of the script arguments", function()
    assert.equal("table", type(arg))
  end)
end)
