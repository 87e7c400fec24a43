return {
  name = "fuzzsandbox", version = "1.0.0",
  permissions = { "files" },
  description = "What the sandbox fuzz suite runs its calls in: a plugin with the files permission",
}
