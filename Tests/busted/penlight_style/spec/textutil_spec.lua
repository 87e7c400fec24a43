-- In the manner of penlight's specs: nested describes with setup and teardown, stubs on
-- module functions, assert.has_error with a message, match.is_table(), pending, insulate.
local textutil = require("textutil")

describe("textutil", function()
  local warned

  setup(function()
    stub(textutil, "warn", function(message) warned = message end)
  end)

  teardown(function()
    textutil.warn:revert()
  end)

  before_each(function()
    warned = nil
  end)

  describe("split()", function()
    it("splits on spaces by default", function()
      assert.same({ "a", "b", "c" }, textutil.split("a b  c"))
    end)

    it("takes a separator pattern", function()
      assert.same({ "a", "b", "" }, textutil.split("a,b,", ","))
    end)

    it("raises for a non-string", function()
      assert.has_error(function() textutil.split(42) end, "argument 1 expected a 'string', got a 'number'")
    end)

    it("fails on purpose: the wrong count", function()
      assert.equal(2, #textutil.split("a b c"))
    end)

    pending("splits on plain strings")
  end)

  describe("join()", function()
    local join_spy

    before_each(function()
      join_spy = spy.on(table, "concat")
    end)

    after_each(function()
      table.concat:revert()
    end)

    it("joins with a space", function()
      assert.equal("a b", textutil.join({ "a", "b" }))
      assert.spy(join_spy).was.called_with(match.is_table(), " ")
    end)

    it("round-trips split", function()
      local parts = textutil.split("x y z")
      assert.equal("x y z", textutil.join(parts))
      assert.spy(join_spy).was.called(1)
    end)
  end)

  describe("deprecate()", function()
    it("warns through warn", function()
      textutil.deprecate("old", "new")
      assert.equal("old is deprecated, use new", warned)
      assert.stub(textutil.warn).was.called_with("old is deprecated, use new")
    end)

    it("is pending inside a test", function()
      pending("the message may change")
      assert.is_true(false)
    end)
  end)

  insulate("a fresh copy", function()
    it("loads a second copy when package.loaded forgets it", function()
      package.loaded.textutil = nil
      local again = require("textutil")
      assert.are_not.equal(textutil, again)
    end)
  end)

  it("still has the first copy after insulate", function()
    assert.equal(textutil, require("textutil"))
  end)
end)
