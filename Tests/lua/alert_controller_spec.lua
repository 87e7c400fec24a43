-- ui.AlertController and ui.AlertAction: made and shown from Lua with UIKit's rules, drawn
-- by both renderers, driven by taps and keys, and by the pilot as a person would.

describe("ui.AlertController", function()
  local window, home, log

  before_each(function()
    window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
    home = ui.Controller:new{ title = "Home" }
    window.rootViewController = home
    log = {}
  end)

  local function action(title, style)
    return ui.AlertAction:new{ title = title, style = style, handler = function(a)
      log[#log + 1] = a.title
    end }
  end

  --- The point in the middle of the first place the text render shows `text`.
  local function pointOf(text)
    local row = 0
    for line in window:render("text"):gmatch("([^\n]*)\n") do
      local column = line:find(text, 1, true)
      if column then
        -- Columns count characters, and box-drawing characters take three bytes.
        local before = utf8.len(line:sub(1, column - 1))
        return { x = (before + #text / 2) * 8, y = row * 16 + 8 }
      end
      row = row + 1
    end
    error("no " .. text .. " on screen")
  end

  it("takes its title, message and style in new{}, and its actions and fields in order", function()
    local alert = ui.AlertController:new{ title = "Rename", message = "A new name." }
    assert.are.equal("Rename", alert.title)
    assert.are.equal("A new name.", alert.message)
    assert.are.equal("alert", alert.style)
    local cancel, save = action("Cancel", "cancel"), action("Save")
    alert:addAction(cancel)
    alert:addAction(save)
    assert.are.same({ cancel, save }, alert.actions)
    assert.are.equal("default", save.style)
    local configured
    local field = alert:addTextField(function(f) f.placeholder = "Name"; configured = f end)
    assert.are.equal(field, configured)
    assert.are.same({ field }, alert.textFields)
    assert.are.equal("Name", field.placeholder)
    assert.are.equal("actionSheet", ui.AlertController:new{ style = "actionSheet" }.style)
  end)

  it("refuses a second cancel action, naming it, and a text field in an action sheet", function()
    local alert = ui.AlertController:new{ title = "Quit?" }
    alert:addAction(action("Cancel", "cancel"))
    assert.has_error(function() alert:addAction(action("Never mind", "cancel")) end,
      "cannot add the cancel action 'Never mind' to ui.AlertController 'Quit?': an alert has one at most, and it has 'Cancel'")
    local sheet = ui.AlertController:new{ style = "actionSheet" }
    local ok, message = pcall(sheet.addTextField, sheet)
    assert.is_false(ok)
    assert.matches("only an alert of style \"alert\" has text fields", message)
    assert.are.same({}, sheet.textFields)
  end)

  it("takes a preferred action only among its own", function()
    local alert = ui.AlertController:new{ title = "Save?" }
    local save = action("Save")
    assert.has_error(function() alert.preferredAction = save end)
    alert:addAction(save)
    alert.preferredAction = save
    assert.are.equal(save, alert.preferredAction)
    alert.preferredAction = nil
    assert.is_nil(alert.preferredAction)
  end)

  it("refuses hostile values with the property's or argument's name, and cannot be extended", function()
    assert.has_error(function() ui.AlertController:new{ style = "popover" } end)
    assert.has_error(function() ui.AlertAction:new{ style = 0 / 0 } end)
    assert.has_error(function() ui.AlertAction:new{ handler = "run" } end)
    local alert = ui.AlertController:new{}
    assert.has_error(function() alert.message = {} end)
    assert.has_error(function() alert:addAction(ui.Controller:new{}) end)
    assert.has_error(function() alert:addAction() end)
    assert.has_error(function() alert:addTextField(42) end)
    assert.has_error(function() alert.style = "alert" end)
    assert.has_error(function() ui.AlertController:extend("Mine") end)
    local a = ui.AlertAction:new{ title = "OK" }
    assert.has_error(function() a.title = "Other" end)
    assert.has_error(function() a.enabled = 0 / 0 end)
    -- A title made of a number reads as its text; NaN draws as it reads.
    local odd = ui.AlertAction:new{ title = 0 / 0 }
    alert:addAction(odd)
    home:present(alert, false)
    assert.is_string(window:render("text"))
    assert.is_string(window:render("svg"))
  end)

  it("lies over the screen, which stays, and a tap on an action dismisses it, then calls the handler", function()
    local appeared = 0
    local Screen = ui.Controller:extend("Screen")
    function Screen:viewDidDisappear() appeared = appeared - 1 end
    function Screen:viewDidAppear() appeared = appeared + 1 end
    local screen = Screen:new{ title = "Screen" }
    window.rootViewController = screen
    screen.view:addSubview(ui.Label:new{ text = "Under the alert", frame = { 8, 32, 200, 16 } })
    local before = appeared
    local alert = ui.AlertController:new{ title = "Delete the photo?", message = "It cannot be undone." }
    local presented
    alert:addAction(action("Cancel", "cancel"))
    alert:addAction(ui.AlertAction:new{ title = "Delete", style = "destructive", handler = function(a)
      presented = alert.presentingViewController
      log[#log + 1] = a.title
    end })
    screen:present(alert, true)
    test.advance(1)
    assert.are.equal(before, appeared)
    local text = window:render("text")
    assert.is_truthy(text:find("Under the alert", 1, true))
    assert.is_truthy(text:find("Delete the photo?", 1, true))
    assert.is_truthy(text:find("[ Delete ]", 1, true))
    window:tap(pointOf("[ Delete ]"))
    assert.are.same({}, log)
    test.advance(1)
    assert.are.same({ "Delete" }, log)
    assert.is_nil(presented)
    assert.is_nil(screen.presentedViewController)
    assert.are.equal(before, appeared)
    assert.is_nil(window:render("text"):find("Delete the photo?", 1, true))
  end)

  it("keys: Return is the preferred action, Escape the cancel one", function()
    local alert = ui.AlertController:new{ title = "Keep?" }
    alert:addAction(action("Cancel", "cancel"))
    alert:addAction(action("Keep"))
    alert:addAction(action("Drop", "destructive"))
    alert.preferredAction = alert.actions[3]
    home:present(alert, false)
    window:key("return")
    test.advance(1)
    assert.are.same({ "Drop" }, log)

    local again = ui.AlertController:new{ title = "Keep?" }
    again:addAction(action("Cancel", "cancel"))
    again:addAction(action("Keep"))
    home:present(again, false)
    window:key("escape")
    test.advance(1)
    assert.are.same({ "Drop", "Cancel" }, log)
    assert.is_nil(home.presentedViewController)
  end)

  it("gives the typing to its first field; Return there chooses the action", function()
    local alert = ui.AlertController:new{ title = "Rename" }
    local field = alert:addTextField()
    alert:addAction(action("Cancel", "cancel"))
    alert:addAction(ui.AlertAction:new{ title = "Save", handler = function() log[#log + 1] = field.text end })
    home:present(alert, true)
    test.advance(1)
    assert.is_true(field.editing)
    window:type("Sea")
    window:key("return")
    test.advance(1)
    assert.are.same({ "Sea" }, log)
  end)

  it("leaves a disabled action alone", function()
    local alert = ui.AlertController:new{ title = "Send?" }
    local send = action("Send")
    send.enabled = false
    alert:addAction(send)
    home:present(alert, false)
    window:tap(pointOf("[ Send ]"))
    window:key("return")
    test.advance(1)
    assert.are.same({}, log)
    send.enabled = true
    window:key("return")
    test.advance(1)
    assert.are.same({ "Send" }, log)
  end)

  it("reports a handler's error and goes on", function()
    local alert = ui.AlertController:new{ title = "Try" }
    alert:addAction(ui.AlertAction:new{ title = "Break", handler = function() error("broken handler") end })
    home:present(alert, false)
    window:key("return")
    test.advance(1)
    local errors = test.errors()
    assert.are.equal(1, #errors)
    assert.matches("broken handler", errors[1].message)
    assert.matches("^handler of alert action 'Break' made at .*alert_controller_spec%.lua:%d+", errors[1].context)
    assert.is_nil(home.presentedViewController)
    local next = ui.AlertController:new{ title = "Next" }
    next:addAction(action("OK"))
    home:present(next, false)
    window:key("return")
    test.advance(1)
    assert.are.same({ "OK" }, log)
  end)

  it("lets a handler present the next alert", function()
    local first = ui.AlertController:new{ title = "First" }
    local second = ui.AlertController:new{ title = "Second" }
    second:addAction(action("Done"))
    first:addAction(ui.AlertAction:new{ title = "Next", handler = function() home:present(second, true) end })
    home:present(first, true)
    test.advance(1)
    window:key("return")
    test.advance(1)
    assert.are.equal(second, home.presentedViewController)
    assert.is_truthy(window:render("text"):find("Second", 1, true))
    window:key("return")
    test.advance(1)
    assert.are.same({ "Done" }, log)
    assert.are.same({}, test.errors())
  end)

  it("shows actions added after it appeared", function()
    local alert = ui.AlertController:new{ title = "More" }
    alert:addAction(action("One"))
    home:present(alert, false)
    alert:addAction(action("Two"))
    assert.is_truthy(window:render("text"):find("[ Two ]", 1, true))
    window:tap(pointOf("[ Two ]"))
    test.advance(1)
    assert.are.same({ "Two" }, log)
  end)

  it("refuses to be shown twice, or over another, with a warning and no error", function()
    local alert = ui.AlertController:new{ title = "First" }
    alert:addAction(action("OK"))
    home:present(alert, false)
    home:present(alert, false)
    local other = ui.AlertController:new{ title = "Second" }
    home:present(other, false)
    assert.are.equal(alert, home.presentedViewController)
    assert.is_nil(other.presentingViewController)
    assert.are.same({}, test.errors())
    -- Another kind of controller is still an error.
    assert.has_error(function() home:present(ui.Controller:new{}, false) end)
  end)

  it("draws an action sheet at the bottom in the SVG, the destructive action red", function()
    local sheet = ui.AlertController:new{ title = "Share", style = "actionSheet" }
    sheet:addAction(action("Delete", "destructive"))
    sheet:addAction(action("Cancel", "cancel"))
    home:present(sheet, false)
    local svg = window:render("svg")
    assert.is_truthy(svg:find('<g class="AlertPanelView"', 1, true))
    assert.is_truthy(svg:find('fill="#ff3b30">Delete</text>', 1, true))
    assert.is_truthy(svg:find('font-weight="600" fill="#007aff">Cancel</text>', 1, true))
    -- A tap above the sheet is its cancel action.
    window:tap({ x = 160, y = 40 })
    test.advance(1)
    assert.are.same({ "Cancel" }, log)
  end)
end)

describe("an alert in an app, through the pilot", function()
  local app

  before_each(function() app = test.launch("pilot/apps/alerts") end)

  it("taps Delete in the action sheet, over the Delete button under it, and the handler runs", function()
    app:tap("Delete")
    local shown = app:text()
    assert.matches("Delete the photo%?\nIt cannot be undone%.\nDelete\nCancel", shown)
    assert.is_nil(shown:find("The sea in May", 1, true))
    app:tap("Delete")
    assert.are.same({ "Delete" }, app.app.log)
    assert.is_not_nil(app:find("Deleted"))
    assert.is_nil(app:find("Delete the photo?"))
    assert.are.same({}, app:errors())
  end)

  it("cancels with Escape and with a tap on Cancel", function()
    app:tap("Delete")
    app:key("escape")
    app:tap("Delete")
    app:tap("Cancel")
    assert.are.same({ "Cancel", "Cancel" }, app.app.log)
    assert.is_not_nil(app:find("The sea in May"))
  end)

  it("types into the alert's field and saves with Return", function()
    app:tap("Rename")
    assert.is_not_nil(app:find("Caption"))
    app:type("Waves")
    app:key("return")
    assert.is_not_nil(app:find("Waves"))
  end)

  it("reports a handler's error, and the app goes on", function()
    app:tap("Fail")
    app:tap("Break")
    local errors = app:errors()
    assert.are.equal(1, #errors)
    assert.matches("the handler broke", errors[1].message)
    app:tap("Delete")
    app:tap("Delete")
    assert.are.same({ "Delete" }, app.app.log)
  end)
end)
