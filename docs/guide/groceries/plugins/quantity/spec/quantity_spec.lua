local quantity = require("quantity")

describe("quantity.parse", function()
  it("reads a count and a name, or a name alone as one", function()
    assert.are.same({ 3, "pears" }, { quantity.parse("3 pears") })
    assert.are.same({ 1, "sliced bread" }, { quantity.parse("  sliced bread ") })
  end)

  it("keeps a number too large for a count in the name", function()
    assert.are.same({ 1, "100000 year old wine" }, { quantity.parse("100000 year old wine") })
  end)

  it("finds nothing in a text of spaces", function()
    assert.is_nil(quantity.parse("   "))
  end)

  it("refuses what is not text, at the caller's line", function()
    assert.has_error(function() quantity.parse(3) end, "quantity.parse: a string expected, got number")
  end)
end)
