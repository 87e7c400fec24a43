return {
  name = "NAME",
  version = "0.1.0",
  host = "HOST_RANGE",
  requires = {},
  permissions = {},
  main = "init",
  description = "What NAME does, in one line",
}
