-- A sign-up form made with the forms plugin, for its pilot suite: a name, an email address,
-- an age, a plan to choose, a newsletter switch, terms to accept, and a button. A valid
-- sign-up shows a welcome screen; the values are kept in `app.submitted`.
local forms = require("forms")

local app = { id = "forms-signup", plugins = { "forms" } }

local Welcome = ui.Controller:extend("Welcome")

function Welcome:viewDidLoad()
  self.title = "Welcome"
  self.view.backgroundColor = "white"
  self.view:addSubview(ui.Label:new{ frame = { 0, 64, self.view.bounds.width, 16 }, alignment = "center",
                                     text = "Welcome, " .. self.name, autoresizing = { "flexibleWidth" } })
end

function app.didFinishLaunching(window)
  local form = forms.new{
    title = "New account",
    sections = {
      { title = "You", rows = {
        { kind = "text", key = "name", label = "Name", placeholder = "Your name", required = true, maxLength = 30 },
        { kind = "text", key = "email", label = "Email", placeholder = "you@example.org", keyboard = "email", required = true },
        { kind = "text", key = "age", label = "Age", placeholder = "Years", keyboard = "number", min = 13, max = 130 },
      } },
      { title = "Account", footer = "Pro costs 3 a month.", rows = {
        { kind = "choice", key = "plan", label = "Plan", options = { "Free", "Pro" } },
        { kind = "switch", key = "news", label = "Newsletter" },
        { kind = "switch", key = "terms", label = "Terms", required = true, message = "Accept the terms to sign up" },
      } },
      { rows = { { kind = "button", title = "Sign up" } } },
    },
    values = { plan = "Free" },
    onSubmit = function(values, form)
      app.submitted = values
      form.navigationController:push(Welcome:new{ name = values.name }, true)
    end,
  }
  window.rootViewController = ui.NavigationController:new(form)
  window:makeKeyAndVisible()
end

return app
