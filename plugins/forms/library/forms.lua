--- @meta forms
--- The `forms` plugin: form screens built on the table view, from a description of
--- sections and rows. `require("forms")` returns this table.
---
--- ```lua
--- local forms = require("forms")
--- local form = forms.new{
---   title = "Profile",
---   sections = {
---     { title = "You", rows = {
---       { kind = "text", key = "name", label = "Name", placeholder = "Your name", required = true, maxLength = 40 },
---       { kind = "text", key = "age", label = "Age", keyboard = "number", min = 0, max = 150 },
---       { kind = "switch", key = "news", label = "Newsletter" },
---       { kind = "choice", key = "size", label = "Size", options = { "S", "M", "L" } },
---       { kind = "value", label = "Member since", value = "2024" },
---     } },
---     { rows = { { kind = "button", title = "Save" } } },
---   },
---   values = { name = "Ada" },
---   onSubmit = function(values, form) profile.save(values) end,
--- }
--- navigationController:push(form)
--- ```
---
--- A description, a row or a value that is wrong (a missing or unknown field, a wrong type,
--- a hole in a list, NaN or a fraction as a length, a pattern Lua cannot read, a value that
--- is not one of a choice's options, two rows with one key) is an error at the line that
--- called `forms.new`, `form:setValues` or `forms.check`, naming the place:
--- `main.lua:12: forms: sections[1].rows[2].maxLength: a whole number from 0 expected, got nan`.
---
--- The plugin needs no permission and stores nothing: the values go to `onSubmit`.
--- @class forms
--- @field FormViewController FormViewController the class of the screens `forms.new` makes
--- @field ChoiceListController table the class of the list a choice row pushes
local forms = {}

--- @alias forms.Keyboard
---| "default" # any text
---| "number" # a number: the value goes out as a number (nil when empty), `min` and `max` apply
---| "email" # an email address (`name@host.tld`)
---| "url" # a URL with a scheme (`https://...`)

--- A text row: a label and a text field. Empty, it is valid unless `required`; the other
--- rules apply to a text that is not empty, in this order: `minLength`, `maxLength` (in
--- characters), the keyboard's rule, `min`/`max`, `pattern`, then `validate`.
--- @class forms.TextRow
--- @field kind "text"
--- @field key string the name of its value
--- @field label string
--- @field placeholder string?
--- @field keyboard forms.Keyboard? "default" unless given
--- @field required boolean? "Name is required"
--- @field minLength integer? "Name must be at least 3 characters"
--- @field maxLength integer? "Name must be at most 40 characters"
--- @field min number? with keyboard "number": "Age must be at least 0"
--- @field max number? with keyboard "number"
--- @field pattern string? a Lua pattern the text must contain (anchor it with ^ and $ to match all of it): "Zip is not valid", or `message`
--- @field message string? the message when `pattern` (or `validate` returning false) fails
--- @field validate (fun(value: string, values: table): string|boolean|nil)? a message, false (invalid: `message`), or nil/true (valid)

--- A switch row: a label and a switch; a tap on the row turns it over too.
--- @class forms.SwitchRow
--- @field kind "switch"
--- @field key string
--- @field label string
--- @field required boolean? it must be on: "Terms must be on", or `message`
--- @field message string?
--- @field validate (fun(value: boolean, values: table): string|boolean|nil)?

--- A choice row: the label and the chosen option's title; a tap pushes the list of options
--- (onto the form's navigation controller, or presented in one of its own), a tap there
--- chooses and comes back.
--- @class forms.ChoiceRow
--- @field kind "choice"
--- @field key string
--- @field label string
--- @field options (string|{ title: string, value: any })[] at least one; a string is its own title and value; values are distinct
--- @field required boolean? "Size is required" while nothing is chosen
--- @field message string?
--- @field validate (fun(value: any, values: table): string|boolean|nil)?

--- A read-only row: the label and a value (a string, number or boolean); with a `key`, the
--- value is among the form's values and `setValues` changes it.
--- @class forms.ValueRow
--- @field kind "value"
--- @field key string?
--- @field label string
--- @field value (string|number|boolean)?

--- A button row: its title centred; a tap submits the form, or calls `action(form)`.
--- @class forms.ButtonRow
--- @field kind "button"
--- @field title string
--- @field action ("submit"|fun(form: FormViewController))? "submit" unless given

--- @alias forms.Row forms.TextRow|forms.SwitchRow|forms.ChoiceRow|forms.ValueRow|forms.ButtonRow

--- @class forms.Section
--- @field title string? the section's header
--- @field footer string? the section's footer
--- @field rows forms.Row[]

--- @class forms.Description
--- @field title string? the controller's title
--- @field sections forms.Section[] at least one
--- @field values table? the first values, key → value: a string (or a number for keyboard "number") for a text row, a boolean for a switch, an option's value for a choice
--- @field onSubmit (fun(values: table, form: FormViewController))? called by a submit when every row is valid; use the `form` argument rather than capturing the form (a function the form keeps that captures it keeps it alive for good)
--- @field onChange (fun(key: string, value: any, form: FormViewController))? called when the user changes a value
--- @field submitButton string? the title of a button on the navigation bar that submits

--- A form screen made from `description`.
--- @param description forms.Description
--- @return FormViewController
function forms.new(description) end

--- Whether `value` passes the rules of `row` (a row as `forms.new` takes it), without a
--- screen: nil when it does, else the message. `values` are the other values, for `validate`.
--- @param row forms.Row
--- @param value any
--- @param values? table
--- @return string? message
function forms.check(row, value, values) end

--- A form screen: a grouped `ui.TableViewController` whose rows are the description's. Text
--- and switch rows show their error under them once a submit (or `validate`) found one, and
--- until the value is fixed.
--- @class FormViewController: ui.TableViewController
--- @field errors table<string, string> the messages of the last validation, by key
local FormViewController = {}

--- The values, as a new plain table: key → value (text rows: the text, or for keyboard
--- "number" the number, nil when empty; switches: booleans; choices: the chosen option's
--- value, nil for none; value rows with a key: their value).
--- @return table
function FormViewController:values() end

--- Sets the values named in `values`; the others keep theirs. A key no row has, or a value
--- that does not fit its row, is an error at the caller's line, and nothing changes.
--- @param values table
function FormViewController:setValues(values) end

--- Checks every row and shows the messages under their rows.
--- @return boolean valid
--- @return table<string, string> errors the messages, by key
function FormViewController:validate() end

--- Ends the editing, validates, and calls `onSubmit(values, form)` only when every row is
--- valid. When one is not, scrolls to the first invalid row and, for a text row, starts
--- editing it.
--- @return boolean submitted
function FormViewController:submit() end

--- The description as the form read it: `sections`, and `rows`, every row in order, each
--- with `section` and `row`, its place in the table.
--- @return table
function FormViewController:description() end

return forms
