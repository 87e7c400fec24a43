-- The container as a person uses it: four panels, "Raise" brings a controller over them,
-- "Close" takes it away; the panels follow a rotation.
describe("containers through the pilot", function()
  local app

  before_each(function()
    app = test.launch()
  end)

  it("shows the four panels and the Raise button", function()
    for _, text in ipairs{ "Container", "Panel 1", "Panel 2", "Panel 3", "Panel 4", "Raise" } do
      assert.is_not_nil(app:find(text), text)
    end
    assert.snapshot(app:screen(), "pilot-panels")
  end)

  it("raises a controller over the panels and closes it", function()
    app:tap("Raise")
    assert.is_nil(app:find("Panel 1"))
    assert.is_not_nil(app:find("Supernumerary"))
    assert.snapshot(app:screen(), "pilot-raised")
    app:tap("Close")
    assert.is_nil(app:find("Supernumerary"))
    assert.is_not_nil(app:find("Panel 4"))
    assert.are.same({}, app:errors())
  end)

  it("lays the panels out again in landscape", function()
    app:rotate("landscape")
    assert.is_not_nil(app:find("Panel 4"))
    assert.snapshot(app:screen(), "pilot-landscape")
  end)
end)
