-- -m/--lpath (repeatable) go before package.path, in the order given.
describe("modules on --lpath", function()
  it("finds lib/greeting.lua", function() assert.equal("hello you", require("greeting").hello("you")) end)
  it("finds vendor/counter/init.lua", function() assert.equal(2, require("counter").next(1)) end)
  it("no longer finds src/ (the default is replaced)", function()
    assert.is_false(pcall(require, "only_in_src"))
  end)
end)
