-- The forms plugin: the rules each row checks, values in and out, submit only when valid,
-- the rows on screen, and the errors a bad description gets.
local forms = require("forms")

--- A form with one section of `rows` and a Save button; `submitted` gets what onSubmit got.
local function make(rows, values)
  local got = {}
  local all = {}
  for index, row in ipairs(rows) do all[index] = row end
  all[#all + 1] = { kind = "button", title = "Save" }
  local form = forms.new{
    title = "Form",
    sections = { { title = "Fields", rows = all } },
    values = values,
    onSubmit = function(values, form) got[#got + 1] = { values = values, form = form } end,
  }
  return form, got
end

--- `form` shown in a navigation controller in a window.
local function show(form)
  local window = ui.Window:new{ device = "iphone" }
  window.rootViewController = ui.NavigationController:new(form)
  window:makeKeyAndVisible()
  test.advance(1)
  return window
end

describe("forms.check", function()
  it("requires a text, a switch that is on, a choice", function()
    assert.are.equal("Name is required", forms.check({ kind = "text", key = "name", label = "Name", required = true }, ""))
    assert.are.equal("Name is required", forms.check({ kind = "text", key = "name", label = "Name", required = true }, nil))
    assert.is_nil(forms.check({ kind = "text", key = "name", label = "Name", required = true }, "Ada"))
    assert.is_nil(forms.check({ kind = "text", key = "name", label = "Name" }, ""))
    assert.are.equal("Terms must be on", forms.check({ kind = "switch", key = "terms", label = "Terms", required = true }, false))
    assert.is_nil(forms.check({ kind = "switch", key = "terms", label = "Terms", required = true }, true))
    local size = { kind = "choice", key = "size", label = "Size", options = { "S", "M" }, required = true }
    assert.are.equal("Size is required", forms.check(size, nil))
    assert.is_nil(forms.check(size, "M"))
  end)

  it("counts lengths in characters", function()
    local row = { kind = "text", key = "code", label = "Code", minLength = 2, maxLength = 3 }
    assert.are.equal("Code must be at least 2 characters", forms.check(row, "a"))
    assert.are.equal("Code must be at most 3 characters", forms.check(row, "abcd"))
    assert.is_nil(forms.check(row, "äöü"))
    assert.are.equal("Code must be at most 1 character", forms.check({ kind = "text", key = "c", label = "Code", maxLength = 1 }, "ab"))
  end)

  it("matches a pattern, with the row's message", function()
    local row = { kind = "text", key = "zip", label = "Zip", pattern = "^%d%d%d%d%d$" }
    assert.are.equal("Zip is not valid", forms.check(row, "12a45"))
    assert.is_nil(forms.check(row, "12345"))
    row.message = "Zip has five digits"
    assert.are.equal("Zip has five digits", forms.check(row, "1234"))
  end)

  it("checks numbers, email addresses and URLs by their keyboard", function()
    local age = { kind = "text", key = "age", label = "Age", keyboard = "number", min = 0, max = 150 }
    assert.are.equal("Age must be a number", forms.check(age, "old"))
    assert.are.equal("Age must be a number", forms.check(age, "nan"))
    assert.are.equal("Age must be at least 0", forms.check(age, "-1"))
    assert.are.equal("Age must be at most 150", forms.check(age, "151"))
    assert.is_nil(forms.check(age, "42"))
    assert.is_nil(forms.check(age, 42))
    local mail = { kind = "text", key = "mail", label = "Email", keyboard = "email" }
    assert.are.equal("Email is not an email address", forms.check(mail, "ada"))
    assert.is_nil(forms.check(mail, "ada@example.org"))
    local site = { kind = "text", key = "site", label = "Site", keyboard = "url" }
    assert.are.equal("Site is not a URL", forms.check(site, "example.org"))
    assert.is_nil(forms.check(site, "https://example.org/a"))
  end)

  it("asks a custom function, with the other values", function()
    local row = { kind = "text", key = "again", label = "Again",
                  validate = function(value, values) if value ~= values.password then return "The passwords differ" end end }
    assert.are.equal("The passwords differ", forms.check(row, "a", { password = "b" }))
    assert.is_nil(forms.check(row, "b", { password = "b" }))
    local flat = { kind = "text", key = "x", label = "X", validate = function() return false end }
    assert.are.equal("X is not valid", forms.check(flat, "x"))
  end)
end)

describe("a form", function()
  it("gives back the values it was given, as a new plain table", function()
    local form = make({
      { kind = "text", key = "name", label = "Name" },
      { kind = "text", key = "age", label = "Age", keyboard = "number" },
      { kind = "switch", key = "news", label = "News" },
      { kind = "choice", key = "size", label = "Size", options = { { title = "Small", value = 1 }, { title = "Large", value = 2 } } },
      { kind = "value", key = "id", label = "Id", value = 7 },
    }, { name = "Ada", age = 36, news = true, size = 2 })
    local values = form:values()
    assert.are.same({ name = "Ada", age = 36, news = true, size = 2, id = 7 }, values)
    values.name = "changed"
    assert.are.equal("Ada", form:values().name)
    form:setValues{ name = "Grace", age = "", news = false }
    assert.are.same({ name = "Grace", news = false, size = 2, id = 7 }, form:values())
  end)

  it("starts empty: texts empty, switches off, no choice", function()
    local form = make({
      { kind = "text", key = "name", label = "Name" },
      { kind = "switch", key = "news", label = "News" },
      { kind = "choice", key = "size", label = "Size", options = { "S" } },
    })
    assert.are.same({ name = "", news = false }, form:values())
  end)

  it("calls onSubmit only when every row is valid", function()
    local form, got = make({
      { kind = "text", key = "name", label = "Name", required = true },
      { kind = "text", key = "zip", label = "Zip", pattern = "^%d+$" },
    })
    assert.is_false(form:submit())
    assert.are.equal(0, #got)
    local valid, errors = form:validate()
    assert.is_false(valid)
    assert.are.same({ name = "Name is required" }, errors)
    form:setValues{ name = "Ada", zip = "x1" }
    assert.is_false(form:submit())
    assert.are.same({ zip = "Zip is not valid" }, form.errors)
    form:setValues{ zip = "12" }
    assert.is_true(form:submit())
    assert.are.equal(1, #got)
    assert.are.same({ name = "Ada", zip = "12" }, got[1].values)
    assert.are.equal(form, got[1].form)
  end)

  it("shows its rows, and each error under its row after a Save that failed", function()
    local form = make({
      { kind = "text", key = "name", label = "Name", placeholder = "Your name", required = true },
      { kind = "switch", key = "terms", label = "Terms", required = true },
      { kind = "choice", key = "size", label = "Size", options = { "S", "M" } },
      { kind = "value", label = "Since", value = 2024 },
    }, { size = "M" })
    local window = show(form)
    local text = window:render("text")
    for _, shown in ipairs{ "Fields", "Name", "Your name", "Terms", "Size", "M", "Since", "2024", "Save" } do
      assert.is_not_nil(text:find(shown, 1, true), shown .. " is not shown")
    end
    assert.is_nil(text:find("is required", 1, true))
    assert.is_false(form:submit())
    text = window:render("text")
    assert.is_not_nil(text:find("Name is required", 1, true))
    assert.is_not_nil(text:find("Terms must be on", 1, true))
    -- Fixed, an error goes at once.
    form:change(form:description().rows[2], true)
    assert.is_nil(window:render("text"):find("Terms must be on", 1, true))
  end)

  it("pushes a choice's list, and presents it when there is no navigation controller", function()
    local form = make({ { kind = "choice", key = "size", label = "Size", options = { "S", "M" } } })
    local window = show(form)
    local tv = form.tableView
    form:didSelectRow(tv, ui.indexPath(1, 1))
    test.advance(1)
    local list = form.navigationController.topViewController
    assert.are.equal("Size", list.title)
    list:didSelectRow(list.tableView, ui.indexPath(1, 2))
    test.advance(1)
    assert.are.equal(form, form.navigationController.topViewController)
    assert.are.equal("M", form:values().size)
    assert.is_not_nil(window:render("text"):find("M", 1, true))

    local alone = make({ { kind = "choice", key = "size", label = "Size", options = { "S", "M" } } }, { size = "M" })
    window = ui.Window:new{ device = "iphone" }
    window.rootViewController = alone
    window:makeKeyAndVisible()
    test.advance(1)
    alone:didSelectRow(alone.tableView, ui.indexPath(1, 1))
    test.advance(1)
    local presented = alone.presentedViewController
    assert.is_not_nil(presented)
    local options = presented.topViewController
    assert.are.equal("checkmark", options.tableView:cellAt(ui.indexPath(1, 2)).accessoryType)
    options:didSelectRow(options.tableView, ui.indexPath(1, 1))
    test.advance(1)
    assert.is_nil(alone.presentedViewController)
    assert.are.equal("S", alone:values().size)
  end)

  it("tells onChange what the user changed", function()
    local changes = {}
    local form = forms.new{
      sections = { { rows = { { kind = "switch", key = "news", label = "News" } } } },
      onChange = function(key, value) changes[#changes + 1] = key .. "=" .. tostring(value) end,
    }
    local window = show(form)
    local switch
    for _, cell in ipairs(form.tableView.visibleCells) do switch = switch or cell.control end
    switch.on = true
    switch:sendActions("valueChanged")
    assert.are.same({ "news=true" }, changes)
    assert.is_true(form:values().news)
    assert.is_not_nil(window)
  end)
end)

describe("a bad description", function()
  --- The message of the error `fn` raises.
  local function problem(fn)
    local ok, message = pcall(fn)
    assert.is_false(ok, "no error")
    return message
  end

  it("names the caller's line and what is wrong", function()
    local message = problem(function() forms.new(nil) end)
    assert.matches("^.*forms_spec%.lua:%d+: forms: description: a table expected, got nil$", message)
    assert.matches("forms_spec%.lua:%d+: forms: sections: a list of sections expected, got nil",
                   problem(function() forms.new{} end))
    assert.matches("forms: sections: a form needs at least one section", problem(function() forms.new{ sections = {} } end))
    assert.matches("forms: description: unknown field \"section\"", problem(function() forms.new{ section = {} } end))
  end)

  it("refuses holes, unknown kinds and fields, and wrong types in rows", function()
    local function rows(list) return function() forms.new{ sections = { { rows = list } } } end end
    assert.matches("forms_spec%.lua:%d+: forms: sections%[1%]%.rows%[2%]: nil in the list %(it goes on to %[3%]%)",
                   problem(rows{ { kind = "value", label = "A" }, nil, { kind = "value", label = "B" } }))
    assert.matches("sections%[1%]%.rows%[1%]%.kind: unknown kind \"txt\" %(one of text, switch, choice, value, button%)",
                   problem(rows{ { kind = "txt", key = "a", label = "A" } }))
    assert.matches("sections%[1%]%.rows%[1%]%.kind: missing", problem(rows{ { key = "a", label = "A" } }))
    assert.matches("sections%[1%]%.rows%[1%]: unknown field \"lable\"", problem(rows{ { kind = "text", key = "a", lable = "A" } }))
    assert.matches("sections%[1%]%.rows%[1%]%.label: a string expected, got 42", problem(rows{ { kind = "text", key = "a", label = 42 } }))
    assert.matches("sections%[1%]%.rows%[1%]: a row %(a table with a kind%) expected, got \"a\"", problem(rows{ "a" }))
    assert.matches("sections%[1%]%.rows%[2%]%.key: \"a\" is the key of sections%[1%]%.rows%[1%] too",
                   problem(rows{ { kind = "text", key = "a", label = "A" }, { kind = "switch", key = "a", label = "B" } }))
    assert.matches("sections%[1%]%.rows: a list of rows expected, got a function", problem(rows(print)))
  end)

  it("refuses lengths and limits that are not numbers a length can be", function()
    local function text(fields)
      local row = { kind = "text", key = "a", label = "A" }
      for key, value in pairs(fields) do row[key] = value end
      return function() forms.new{ sections = { { rows = { row } } } } end
    end
    assert.matches("rows%[1%]%.maxLength: a whole number from 0 expected, got nan", problem(text{ maxLength = 0 / 0 }))
    assert.matches("rows%[1%]%.minLength: a whole number from 0 expected, got inf", problem(text{ minLength = math.huge }))
    assert.matches("rows%[1%]%.minLength: a whole number from 0 expected, got %-1", problem(text{ minLength = -1 }))
    assert.matches("rows%[1%]%.maxLength: a whole number from 0 expected, got 2%.5", problem(text{ maxLength = 2.5 }))
    assert.matches("rows%[1%]%.maxLength: a whole number from 0 expected, got \"3\"", problem(text{ maxLength = "3" }))
    assert.matches("rows%[1%]: minLength 3 is above maxLength 2", problem(text{ minLength = 3, maxLength = 2 }))
    assert.matches("rows%[1%]%.min: a finite number expected, got %-inf", problem(text{ keyboard = "number", min = -math.huge }))
    assert.matches("rows%[1%]: min and max need keyboard = \"number\"", problem(text{ max = 3 }))
    assert.matches("rows%[1%]%.pattern: not a Lua pattern", problem(text{ pattern = "[a" }))
    assert.matches("rows%[1%]%.keyboard: unknown keyboard \"phone\"", problem(text{ keyboard = "phone" }))
  end)

  it("refuses choices without options and values that do not fit their rows", function()
    local function form(row, values) return function() forms.new{ sections = { { rows = { row } } }, values = values } end end
    assert.matches("rows%[1%]%.options: a choice needs at least one option",
                   problem(form{ kind = "choice", key = "c", label = "C", options = {} }))
    assert.matches("rows%[1%]%.options%[2%]: the value \"S\" is already an option",
                   problem(form{ kind = "choice", key = "c", label = "C", options = { "S", "S" } }))
    assert.matches("forms_spec%.lua:%d+: forms: values%.c: \"XL\" is not an option of the choice row \"c\" %(\"S\", \"M\"%)",
                   problem(form({ kind = "choice", key = "c", label = "C", options = { "S", "M" } }, { c = "XL" })))
    assert.matches("values%.on: a boolean expected for the switch row \"on\", got \"yes\"",
                   problem(form({ kind = "switch", key = "on", label = "On" }, { on = "yes" })))
    assert.matches("values%.t: a string expected for the text row \"t\", got a table",
                   problem(form({ kind = "text", key = "t", label = "T" }, { t = {} })))
    assert.matches("values: no row has the key \"other\"",
                   problem(form({ kind = "text", key = "t", label = "T" }, { other = "x" })))
    local ok = make({ { kind = "text", key = "n", label = "N", keyboard = "number" } })
    assert.matches("forms_spec%.lua:%d+: forms: setValues%.n: a finite number expected, got nan",
                   problem(function() ok:setValues{ n = 0 / 0 } end))
    assert.matches("forms_spec%.lua:%d+: forms: setValues: a table of values expected, got nil",
                   problem(function() ok:setValues(nil) end))
  end)
end)
