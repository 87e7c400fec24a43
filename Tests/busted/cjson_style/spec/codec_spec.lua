-- In the manner of lua-cjson's tests: tables of cases run in loops, error messages
-- compared exactly, error tables, settings changed and put back with finally.
local codec = require("codec")

describe("encode", function()
  local cases = {
    { "null", nil },
    { "true", true },
    { "42", 42 },
    { "0.5", 0.5 },
    { '"a\\u000ab"', "a\nb" },
    { "[1,2,3]", { 1, 2, 3 } },
    { '{"a":1,"b":[true]}', { a = 1, b = { true } } },
    { "[]", {} },
  }
  for index, case in ipairs(cases) do
    it("case " .. index .. ": " .. case[1], function()
      assert.equal(case[1], codec.encode(case[2]))
    end)
  end

  it("refuses NaN", function()
    assert.has_error(function() codec.encode(0 / 0) end, "Cannot serialise number: must not be NaN or Infinity")
  end)

  it("writes null for NaN when not strict", function()
    codec.strict = false
    finally(function() codec.strict = true end)
    assert.equal("null", codec.encode(0 / 0))
  end)

  it("is strict again", function()
    assert.is_true(codec.strict)
  end)

  it("refuses functions", function()
    assert.has_error(function() codec.encode(print) end, "Cannot serialise function: type not supported")
  end)

  it("raises an error table for deep nesting", function()
    local deep = { { { { { { { 1 } } } } } } }
    local ok, err = pcall(codec.encode, deep)
    assert.is_false(ok)
    assert.same({ code = "depth", message = "nesting too deep" }, err)
    assert.has_error(function() codec.encode(deep) end, { code = "depth", message = "nesting too deep" })
  end)

  it("fails on purpose: an error table escapes", function()
    codec.encode({ { { { { { { 1 } } } } } } })
  end)

  pending("encodes sparse arrays")
end)
