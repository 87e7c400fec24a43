-- forms: form screens built on the table view, from a description of sections and rows.
--
--   local forms = require("forms")
--   local form = forms.new{
--     title = "Profile",
--     sections = {
--       { title = "You", rows = {
--         { kind = "text", key = "name", label = "Name", placeholder = "Your name", required = true, maxLength = 40 },
--         { kind = "text", key = "age", label = "Age", keyboard = "number", min = 0, max = 150 },
--         { kind = "switch", key = "news", label = "Newsletter" },
--         { kind = "choice", key = "size", label = "Size", options = { "S", "M", "L" } },
--         { kind = "value", label = "Member since", value = "2024" },
--       } },
--       { rows = { { kind = "button", title = "Save" } } },
--     },
--     values = { name = "Ada" },
--     onSubmit = function(values, form) save(values) end,
--   }
--   navigationController:push(form)
--
-- The values live in the form, not in the cells (only the visible rows have cells), and go
-- in and out as plain tables. Nothing is stored: what to keep is for `onSubmit`.
local forms = {}

--- The kinds of rows, and the fields each takes besides `kind`.
local ROW_FIELDS = {
  text = { key = true, label = true, placeholder = true, keyboard = true, required = true, pattern = true,
           message = true, minLength = true, maxLength = true, min = true, max = true, validate = true },
  switch = { key = true, label = true, required = true, validate = true, message = true },
  choice = { key = true, label = true, options = true, required = true, validate = true, message = true },
  value = { key = true, label = true, value = true },
  button = { title = true, action = true },
}
local KINDS = { "text", "switch", "choice", "value", "button" }
local KEYBOARDS = { default = true, number = true, email = true, url = true }
local FORM_FIELDS = { title = true, sections = true, values = true, onSubmit = true, onChange = true,
                      submitButton = true }
local SECTION_FIELDS = { title = true, footer = true, rows = true }

-- The shape an email address and a URL must have, for the keyboards of those names.
local EMAIL = "^[^%s@]+@[^%s@]+%.[^%s@]+$"
local URL = "^%a[%w+.-]*://[^%s]+$"

--- A problem with a description or values, raised inside the checks and reported by the
--- public function at its caller's line.
local Problem = {}
Problem.__index = Problem
Problem.__tostring = function(problem) return problem.message end

local function fail(where, message)
  error(setmetatable({ message = "forms: " .. where .. ": " .. message }, Problem), 0)
end

--- Runs `fn(...)`; a problem it raises is raised again at `level` above the caller of
--- `guarded` (as `error(msg, level)` does); other errors pass unchanged.
local function guarded(level, fn, ...)
  local results = table.pack(pcall(fn, ...))
  if results[1] then return table.unpack(results, 2, results.n) end
  local err = results[2]
  if getmetatable(err) == Problem then error(err.message, level + 1) end
  error(err, 0)
end

--- How a value reads in a message: strings quoted, NaN and infinities by name.
local function describe(value)
  if type(value) == "string" then return string.format("%q", value) end
  if type(value) == "number" then
    if value ~= value then return "nan" end
    if value == math.huge then return "inf" end
    if value == -math.huge then return "-inf" end
  end
  if type(value) == "table" or type(value) == "function" or type(value) == "userdata" then return "a " .. type(value) end
  return tostring(value)
end

--- The entries of the array `list` at `where`, refusing holes and other keys.
local function checkArray(list, where, what)
  if type(list) ~= "table" then fail(where, what .. " expected, got " .. describe(list)) end
  local count, last = 0, 0
  for key in pairs(list) do
    if math.type(key) ~= "integer" or key < 1 then
      fail(where, what .. " expected: a list, but it has the key " .. describe(key))
    end
    count, last = count + 1, math.max(last, key)
  end
  for index = 1, last do
    if list[index] == nil then fail(where .. "[" .. index .. "]", "nil in the list (it goes on to [" .. last .. "])") end
  end
  return count
end

local function checkFields(tbl, allowed, where)
  for key in pairs(tbl) do
    if type(key) ~= "string" or not allowed[key] then
      local names = {}
      for name in pairs(allowed) do names[#names + 1] = name end
      table.sort(names)
      fail(where, "unknown field " .. describe(key) .. " (known: " .. table.concat(names, ", ") .. ")")
    end
  end
end

local function checkType(value, expected, where, optional)
  if value == nil and optional then return end
  if type(value) ~= expected then fail(where, "a " .. expected .. " expected, got " .. describe(value)) end
end

--- A length: a whole number from 0, finite.
local function checkLength(value, where)
  if value == nil then return end
  if type(value) ~= "number" or value ~= value or value == math.huge or value == -math.huge
      or value < 0 or math.floor(value) ~= value then
    fail(where, "a whole number from 0 expected, got " .. describe(value))
  end
end

local function checkFinite(value, where)
  if value == nil then return end
  if type(value) ~= "number" or value ~= value or value == math.huge or value == -math.huge then
    fail(where, "a finite number expected, got " .. describe(value))
  end
end

--- The options of a choice row as `{ title =, value = }` entries.
local function readOptions(options, where)
  local count = checkArray(options, where, "a list of options")
  if count == 0 then fail(where, "a choice needs at least one option") end
  local read, seen = {}, {}
  for index, option in ipairs(options) do
    local at = where .. "[" .. index .. "]"
    local title, value
    if type(option) == "string" then
      title, value = option, option
    elseif type(option) == "table" then
      checkFields(option, { title = true, value = true }, at)
      checkType(option.title, "string", at .. ".title")
      title, value = option.title, option.value
      if value == nil then value = title end
      if value ~= value then fail(at .. ".value", "NaN cannot be told apart from itself") end
    else
      fail(at, "a string or { title =, value = } expected, got " .. describe(option))
    end
    if seen[value] then fail(at, "the value " .. describe(value) .. " is already an option") end
    seen[value] = true
    read[index] = { title = title, value = value }
  end
  return read
end

--- A row of the description, checked, as the form keeps it.
local function readRow(row, where, keys)
  if type(row) ~= "table" then fail(where, "a row (a table with a kind) expected, got " .. describe(row)) end
  local kind = row.kind
  if kind == nil then fail(where .. ".kind", "missing (one of " .. table.concat(KINDS, ", ") .. ")") end
  if not ROW_FIELDS[kind] then
    fail(where .. ".kind", "unknown kind " .. describe(kind) .. " (one of " .. table.concat(KINDS, ", ") .. ")")
  end
  local allowed = { kind = true }
  for name in pairs(ROW_FIELDS[kind]) do allowed[name] = true end
  checkFields(row, allowed, where)
  local read = { kind = kind, where = where }
  for name in pairs(row) do read[name] = row[name] end
  if kind == "button" then
    checkType(row.title, "string", where .. ".title")
    if row.action ~= nil and row.action ~= "submit" and type(row.action) ~= "function" then
      fail(where .. ".action", "\"submit\" or a function expected, got " .. describe(row.action))
    end
    read.action = row.action or "submit"
    return read
  end
  checkType(row.label, "string", where .. ".label")
  if kind == "value" then
    checkType(row.key, "string", where .. ".key", true)
  else
    checkType(row.key, "string", where .. ".key")
    if row.key == "" then fail(where .. ".key", "an empty key") end
  end
  if row.key ~= nil then
    if keys[row.key] then fail(where .. ".key", describe(row.key) .. " is the key of " .. keys[row.key] .. " too") end
    keys[row.key] = where
  end
  checkType(row.placeholder, "string", where .. ".placeholder", true)
  checkType(row.required, "boolean", where .. ".required", true)
  checkType(row.message, "string", where .. ".message", true)
  checkType(row.validate, "function", where .. ".validate", true)
  if row.keyboard ~= nil and not KEYBOARDS[row.keyboard] then
    fail(where .. ".keyboard", "unknown keyboard " .. describe(row.keyboard) .. " (default, number, email or url)")
  end
  read.keyboard = row.keyboard or "default"
  if row.pattern ~= nil then
    checkType(row.pattern, "string", where .. ".pattern")
    local ok, problem = pcall(string.find, "", row.pattern)
    if not ok then fail(where .. ".pattern", "not a Lua pattern: " .. tostring(problem):gsub("^.-:%d+: ", "")) end
  end
  checkLength(row.minLength, where .. ".minLength")
  checkLength(row.maxLength, where .. ".maxLength")
  if row.minLength and row.maxLength and row.minLength > row.maxLength then
    fail(where, "minLength " .. row.minLength .. " is above maxLength " .. row.maxLength)
  end
  checkFinite(row.min, where .. ".min")
  checkFinite(row.max, where .. ".max")
  if (row.min or row.max) and read.keyboard ~= "number" then
    fail(where, "min and max need keyboard = \"number\"")
  end
  if kind == "choice" then read.options = readOptions(row.options, where .. ".options") end
  return read
end

--- The description, checked: `{ title, submitButton, onSubmit, onChange, sections, rows }`
--- with `rows` every row in order, each knowing its section and row number.
local function readDescription(description)
  if type(description) ~= "table" then fail("description", "a table expected, got " .. describe(description)) end
  checkFields(description, FORM_FIELDS, "description")
  checkType(description.title, "string", "title", true)
  checkType(description.submitButton, "string", "submitButton", true)
  checkType(description.onSubmit, "function", "onSubmit", true)
  checkType(description.onChange, "function", "onChange", true)
  local count = checkArray(description.sections, "sections", "a list of sections")
  if count == 0 then fail("sections", "a form needs at least one section") end
  local read = { title = description.title, submitButton = description.submitButton,
                 onSubmit = description.onSubmit, onChange = description.onChange, sections = {}, rows = {} }
  local keys = {}
  for index, section in ipairs(description.sections) do
    local where = "sections[" .. index .. "]"
    if type(section) ~= "table" then fail(where, "a section ({ rows = ... }) expected, got " .. describe(section)) end
    checkFields(section, SECTION_FIELDS, where)
    checkType(section.title, "string", where .. ".title", true)
    checkType(section.footer, "string", where .. ".footer", true)
    checkArray(section.rows, where .. ".rows", "a list of rows")
    local rows = {}
    for number, row in ipairs(section.rows) do
      local readRowValue = readRow(row, where .. ".rows[" .. number .. "]", keys)
      readRowValue.section, readRowValue.row = index, number
      rows[number] = readRowValue
      read.rows[#read.rows + 1] = readRowValue
      readRowValue.index = #read.rows
    end
    read.sections[index] = { title = section.title, footer = section.footer, rows = rows }
  end
  return read
end

--- The row whose value `key` is.
local function rowFor(form, key)
  for _, row in ipairs(form.rows) do
    if row.key == key then return row end
  end
end

--- A number written as text: whole numbers without a point.
local function numberText(value)
  if math.type(value) == "integer" then return tostring(value) end
  if value == math.floor(value) and math.abs(value) < 2 ^ 53 then return string.format("%d", value) end
  return string.format("%.14g", value)
end

--- The types each kind of row keeps its value as, with the value of an empty row.
local VALUE_TYPES = {
  text = { types = { string = true }, named = "a string", empty = "" },
  switch = { types = { boolean = true }, named = "a boolean", empty = false },
  value = { types = { string = true, number = true, boolean = true }, named = "a string, number or boolean" },
}

--- `value` as row `row` keeps it, checked; `where` names it in a problem.
local function readValue(row, value, where)
  if row.kind == "choice" then
    if value == nil then return nil end
    for _, option in ipairs(row.options) do
      if option.value == value then return value end
    end
    local shown = {}
    for _, option in ipairs(row.options) do shown[#shown + 1] = describe(option.value) end
    fail(where, describe(value) .. " is not an option of the choice row " .. describe(row.key)
         .. " (" .. table.concat(shown, ", ") .. ")")
  end
  local kept = VALUE_TYPES[row.kind]
  if value == nil then return kept.empty end
  if row.kind == "text" and row.keyboard == "number" and type(value) == "number" then
    checkFinite(value, where)
    return numberText(value)
  end
  if not kept.types[type(value)] then
    fail(where, kept.named .. " expected for the " .. row.kind .. " row " .. describe(row.key) .. ", got " .. describe(value))
  end
  return value
end

--- Takes the entries of `values` into `model`, each checked against its row.
local function takeValues(form, model, values, where)
  if type(values) ~= "table" then fail(where, "a table of values expected, got " .. describe(values)) end
  for key, value in pairs(values) do
    local row = type(key) == "string" and rowFor(form, key) or nil
    if not row then fail(where, "no row has the key " .. describe(key)) end
    model[key] = readValue(row, value, where .. "." .. key)
  end
end

--- The length of a text in characters (bytes when it is not UTF-8).
local function length(text)
  return utf8.len(text) or #text
end

--- The message for row `row` holding `value` among `values`, or nil when it is valid.
local function problemWith(row, value, values)
  local label = row.label
  if row.kind == "text" then
    if value == "" then
      if row.required then return label .. " is required" end
    else
      if row.minLength and length(value) < row.minLength then
        return label .. " must be at least " .. row.minLength .. (row.minLength == 1 and " character" or " characters")
      end
      if row.maxLength and length(value) > row.maxLength then
        return label .. " must be at most " .. row.maxLength .. (row.maxLength == 1 and " character" or " characters")
      end
      if row.keyboard == "number" then
        local number = tonumber(value)
        if not number or number ~= number or number == math.huge or number == -math.huge then
          return label .. " must be a number"
        end
        if row.min and number < row.min then return label .. " must be at least " .. numberText(row.min) end
        if row.max and number > row.max then return label .. " must be at most " .. numberText(row.max) end
      elseif row.keyboard == "email" and not value:find(EMAIL) then
        return label .. " is not an email address"
      elseif row.keyboard == "url" and not value:find(URL) then
        return label .. " is not a URL"
      end
      if row.pattern and not value:find(row.pattern) then return row.message or (label .. " is not valid") end
    end
  elseif row.kind == "switch" then
    if row.required and not value then return row.message or (label .. " must be on") end
  elseif row.kind == "choice" then
    if row.required and value == nil then return label .. " is required" end
  end
  if row.validate then
    local verdict = row.validate(value, values)
    if type(verdict) == "string" then return verdict end
    if verdict == false then return row.message or (label .. " is not valid") end
  end
  return nil
end

--- A text field's value as it goes out: a number for the number keyboard (nil when empty).
local function outValue(row, value)
  if row.kind == "text" and row.keyboard == "number" then return tonumber(value) end
  return value
end

-- MARK: - Cells

-- Text and switch rows 48 points tall: the label and the control on a text line 8 points down,
-- the row's error message on the next; the other rows 32 points.
local ROW_HEIGHT = 32
local ERROR_ROW_HEIGHT = 48

--- A row with a label on the left, a control on the right and the error line under them.
local FieldCell = ui.TableViewCell:extend("FormFieldCell")

function FieldCell:init()
  self.nameLabel = ui.Label:new{ lineBreakMode = "truncateTail" }
  self.errorLabel = ui.Label:new{ lineBreakMode = "truncateTail", textColor = "red" }
  self.contentView:addSubview(self.nameLabel)
  self.contentView:addSubview(self.errorLabel)
end

--- Where the label, the control and the error go: the label takes 112 points.
function FieldCell:layoutSubviews()
  FieldCell.super.layoutSubviews(self)
  local width = self.contentView.bounds.width
  self.nameLabel.frame = { 16, 8, 104, 16 }
  self.errorLabel.frame = { 16, 24, math.max(0, width - 32), 16 }
  if self.control then
    local controlWidth = self.controlWidth or math.max(0, width - 144)
    self.control.frame = { width - 16 - controlWidth, 8, controlWidth, 16 }
  end
end

--- A text row: a text field.
local TextCell = FieldCell:extend("FormTextCell")

function TextCell:init()
  TextCell.super.init(self)
  self.control = ui.TextField:new{}
  self.contentView:addSubview(self.control)
end

--- A switch row: a switch at the right.
local SwitchCell = FieldCell:extend("FormSwitchCell")

function SwitchCell:init()
  SwitchCell.super.init(self)
  self.control = ui.Switch:new{}
  self.controlWidth = 48
  self.contentView:addSubview(self.control)
end

-- MARK: - The list a choice row pushes

local ChoiceList = ui.TableViewController:extend("FormChoiceList")

function ChoiceList:viewDidLoad()
  self.tableView:register("Option", ui.TableViewCell)
end

function ChoiceList:numberOfRows(tv, section)
  return #self.choiceRow.options
end

function ChoiceList:cellForRow(tv, ip)
  local cell = tv:dequeue("Option", ip)
  local option = self.choiceRow.options[ip.row]
  cell.textLabel.text = option.title
  cell.accessoryType = option.value == self.chosen and "checkmark" or "none"
  return cell
end

function ChoiceList:didSelectRow(tv, ip)
  tv:deselectRow(ip)
  local form = self.form
  self.form = nil
  if form then form:choose(self.choiceRow, self.choiceRow.options[ip.row].value, self) end
end

-- MARK: - The form

--- A form screen: a grouped table whose rows are the description's. Made by `forms.new`.
local FormViewController = ui.TableViewController:extend("FormViewController")
forms.FormViewController = FormViewController
forms.ChoiceListController = ChoiceList

--- A form screen made from `description` (see the top of this file and the LuaCATS stub):
--- a problem with it is an error at the caller's line.
function forms.new(description)
  local read = guarded(2, readDescription, description)
  local model = {}
  for _, row in ipairs(read.rows) do
    if row.kind == "value" then
      row.value = guarded(2, readValue, row, row.value, row.where .. ".value")
      if row.key then model[row.key] = row.value end
    elseif row.key then
      model[row.key] = guarded(2, readValue, row, nil, "values." .. row.key)
    end
  end
  if description.values ~= nil then guarded(2, takeValues, read, model, description.values, "values") end
  local form = FormViewController:new{ style = "grouped" }
  form.described = read
  form.model = model
  form.errors = {}
  if read.title then form.title = read.title end
  return form
end

--- The description as the form read it (made by `forms.new`).
function FormViewController:description()
  local read = self.described
  if not read then error("forms: this FormViewController was not made by forms.new", 3) end
  return read
end

function FormViewController:viewDidLoad()
  local read = self:description()
  local tv = self.tableView
  tv:register("Text", TextCell)
  tv:register("Switch", SwitchCell)
  tv:register("Choice", ui.TableViewCell, "value1")
  tv:register("Value", ui.TableViewCell, "value1")
  tv:register("Button", ui.TableViewCell)
  tv.sectionHeaderHeight, tv.sectionFooterHeight = 32, 32
  if read.submitButton then
    self.navigationItem.rightButton = ui.BarButtonItem:new{ title = read.submitButton, target = self, action = "submit" }
  end
end

--- The values: a new plain table, key → value (text rows give strings, or numbers for the
--- number keyboard, nil when empty; switches booleans; choices the option's value).
function FormViewController:values()
  local read = self:description()
  local values = {}
  for _, row in ipairs(read.rows) do
    if row.key then values[row.key] = outValue(row, self.model[row.key]) end
  end
  return values
end

--- Sets the values of the rows named in `values` (others keep theirs); a value of the
--- wrong kind, or a key no row has, is an error at the caller's line.
function FormViewController:setValues(values)
  local read = self:description()
  local model = {}
  for key, value in pairs(self.model) do model[key] = value end
  guarded(2, takeValues, read, model, values, "setValues")
  self.model = model
  if self:isViewLoaded() then self.tableView:reloadData() end
end

--- Checks every row: true when all are valid, else false and the messages by key. The
--- messages show under their rows.
function FormViewController:validate()
  local read = self:description()
  local values = self:values()
  local errors, valid = {}, true
  for _, row in ipairs(read.rows) do
    if row.key and row.kind ~= "value" then
      local message = problemWith(row, self.model[row.key], values)
      if message then errors[row.key], valid = message, false end
    end
  end
  self.errors = errors
  self:showErrors()
  return valid, errors
end

--- Validates, and calls `onSubmit(values, form)` only when every row is valid; returns
--- whether it did. An invalid form scrolls to its first invalid row, and starts editing it
--- when it is a text row.
function FormViewController:submit()
  local read = self:description()
  if self.editingField then self.editingField:endEditing() end
  local valid = self:validate()
  if not valid then
    for _, row in ipairs(read.rows) do
      if row.key and self.errors[row.key] then
        if self:isViewLoaded() then
          local ip = ui.indexPath(row.section, row.row)
          self.tableView:scrollTo(ip)
          local cell = self.tableView:cellAt(ip)
          if row.kind == "text" and cell then cell.control:beginEditing() end
        end
        break
      end
    end
    return false
  end
  if read.onSubmit then read.onSubmit(self:values(), self) end
  return true
end

--- Puts the error messages on the rows in view.
function FormViewController:showErrors()
  if not self:isViewLoaded() then return end
  local read = self.described
  for _, cell in ipairs(self.tableView.visibleCells) do
    local ip = self.tableView:indexPathFor(cell)
    local row = ip and read.sections[ip.section].rows[ip.row]
    if row and cell.errorLabel then cell.errorLabel.text = (row.key and self.errors[row.key]) or "" end
  end
end

--- Sets one value as the user did, telling `onChange(key, value, form)`; a shown error
--- on that row is checked again.
function FormViewController:change(row, value)
  self.model[row.key] = value
  if self.errors[row.key] then
    self.errors[row.key] = problemWith(row, value, self:values())
    self:showErrors()
  end
  if self.described.onChange then self.described.onChange(row.key, outValue(row, value), self) end
end

--- A choice made in the list of `row`: kept, the row shown again, the list closed.
function FormViewController:choose(row, value, list)
  self:change(row, value)
  if self:isViewLoaded() then self.tableView:reloadRows{ ui.indexPath(row.section, row.row) } end
  if self.navigationController and list.navigationController == self.navigationController then
    self.navigationController:pop(true)
  elseif self.presentedViewController then
    self:dismiss(true)
  end
end

-- MARK: data source

function FormViewController:numberOfSections(tv)
  return #self:description().sections
end

function FormViewController:numberOfRows(tv, section)
  return #self.described.sections[section].rows
end

function FormViewController:titleForHeader(tv, section)
  return self.described.sections[section].title
end

function FormViewController:titleForFooter(tv, section)
  return self.described.sections[section].footer
end

--- The title shown for a choice row's value.
local function optionTitle(row, value)
  for _, option in ipairs(row.options) do
    if option.value == value then return option.title end
  end
  return ""
end

--- A text or switch row's cell: its label, its error, and its control tagged with the row;
--- `targets(control)` adds the form's actions the first time the cell is used (the form is
--- a target, held weakly, so the cell does not keep it alive).
function FormViewController:fieldCell(tv, ip, id, row, targets)
  local cell = tv:dequeue(id, ip)
  cell.nameLabel.text = row.label
  cell.errorLabel.text = self.errors[row.key] or ""
  cell.control.tag = row.index
  if not cell.targeted then
    targets(cell.control)
    cell.targeted = true
  end
  return cell
end

function FormViewController:cellForRow(tv, ip)
  local row = self.described.sections[ip.section].rows[ip.row]
  local value
  if row.key then value = self.model[row.key] elseif row.kind == "value" then value = row.value end
  if row.kind == "text" then
    local cell = self:fieldCell(tv, ip, "Text", row, function(field)
      field:addTarget(self, "fieldChanged", "editingChanged")
      field:addTarget(self, "fieldBegan", "editingDidBegin")
      field:addTarget(self, "fieldEnded", "editingDidEnd")
    end)
    cell.control.text = value
    cell.control.placeholder = row.placeholder
    return cell
  elseif row.kind == "switch" then
    local cell = self:fieldCell(tv, ip, "Switch", row, function(switch)
      switch:addTarget(self, "switchChanged", "valueChanged")
    end)
    cell.control.on = value
    return cell
  elseif row.kind == "choice" then
    local cell = tv:dequeue("Choice", ip)
    cell.textLabel.text = row.label
    cell.detailTextLabel.text = optionTitle(row, value)
    cell.accessoryType = "disclosureIndicator"
    return cell
  elseif row.kind == "value" then
    local cell = tv:dequeue("Value", ip)
    cell.textLabel.text = row.label
    cell.detailTextLabel.text = value == nil and "" or (type(value) == "number" and numberText(value) or tostring(value))
    return cell
  end
  local cell = tv:dequeue("Button", ip)
  cell.textLabel.text = row.title
  cell.textLabel.alignment = "center"
  return cell
end

-- MARK: delegate

function FormViewController:heightForRow(tv, ip)
  local row = self.described.sections[ip.section].rows[ip.row]
  if row.kind == "text" or row.kind == "switch" then return ERROR_ROW_HEIGHT end
  return ROW_HEIGHT
end

function FormViewController:didSelectRow(tv, ip)
  tv:deselectRow(ip)
  local row = self.described.sections[ip.section].rows[ip.row]
  if row.kind == "text" then
    local cell = tv:cellAt(ip)
    if cell then cell.control:beginEditing() end
  elseif row.kind == "switch" then
    local cell = tv:cellAt(ip)
    if cell then
      cell.control.on = not cell.control.on
      self:change(row, cell.control.on)
    end
  elseif row.kind == "choice" then
    local list = ChoiceList:new{ style = "grouped" }
    list.title = row.label
    list.choiceRow, list.chosen, list.form = row, self.model[row.key], self
    if self.navigationController then
      self.navigationController:push(list, true)
    else
      self:present(ui.NavigationController:new(list), true)
    end
  elseif row.kind == "button" then
    if row.action == "submit" then self:submit() else row.action(self) end
  end
end

-- MARK: controls

function FormViewController:fieldChanged(field)
  local row = self.described.rows[field.tag]
  if row and row.kind == "text" then self:change(row, field.text) end
end

function FormViewController:fieldBegan(field)
  self.editingField = field
end

function FormViewController:fieldEnded(field)
  if self.editingField == field then self.editingField = nil end
end

function FormViewController:switchChanged(switch)
  local row = self.described.rows[switch.tag]
  if row and row.kind == "switch" then self:change(row, switch.on) end
end

--- Whether `value` passes the rules of a row description (as `forms.new` takes rows),
--- without a screen: nil when it does, else the message. A problem with the row is an
--- error at the caller's line.
function forms.check(row, value, values)
  local read = guarded(2, readRow, row, "row", {})
  if read.kind == "button" or read.kind == "value" then return nil end
  local kept = guarded(2, readValue, read, value, "value")
  return problemWith(read, kept, values or {})
end

return forms
