-- A form as a person fills it in, through the pilot: the sign-up app beside this suite
-- (signup/main.lua). Save with errors shows them and starts editing the first wrong field;
-- a choice pushes its list; a valid sign-up hands the values to the app.
describe("a form through the pilot", function()
  local app

  before_each(function()
    app = test.launch("signup")
  end)

  it("shows its sections and rows", function()
    for _, text in ipairs{ "You", "Your name", "you@example.org", "Years", "Account", "Free", "Newsletter", "Terms",
                           "Pro costs 3 a month.", "Sign up" } do
      assert.is_not_nil(app:find(text), text)
    end
    assert.snapshot(app:screen(), "pilot-form")
  end)

  it("refuses to sign up until every field is valid, then hands the values over", function()
    app:tap("Sign up")
    assert.is_not_nil(app:find("Name is required"))
    assert.is_not_nil(app:find("Email is required"))
    assert.is_not_nil(app:find("Accept the terms to sign up"))
    assert.is_nil(app.app.submitted)
    assert.snapshot(app:screen(), "pilot-errors")

    -- The first wrong field is being edited: typing goes there, and its error goes.
    app:type("Ada")
    assert.is_nil(app:find("Name is required"))
    app:tap("you@example.org")
    app:type("ada@example")
    app:tap("Years")
    app:type("12")
    app:tap("Plan")
    app:settle()
    assert.is_not_nil(app:find("✓"))
    app:tap("Pro")
    app:settle()
    assert.is_not_nil(app:find("Pro"))
    app:tap("Terms")
    app:tap("Sign up")
    assert.is_nil(app.app.submitted)
    assert.is_not_nil(app:find("Email is not an email address"))
    assert.is_not_nil(app:find("Age must be at least 13"))
    assert.is_nil(app:find("Accept the terms to sign up"))

    app:type(".org")
    app:tap("12")
    app:key("backspace")
    app:key("backspace")
    app:type("36")
    app:tap("Sign up")
    app:settle()
    assert.is_not_nil(app:find("Welcome, Ada"))
    assert.are.same({ name = "Ada", email = "ada@example.org", age = 36, plan = "Pro", news = false, terms = true },
                    app.app.submitted)
  end)
end)
