return {
  name = "forms",
  version = "1.0.0",
  host = ">=0.2 <1",
  permissions = {},
  description = "Form screens from a description: text, switch, choice, value and button rows on a table view, with validation",
}
