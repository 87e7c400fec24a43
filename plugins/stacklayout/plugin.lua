return {
  name = "stacklayout",
  version = "1.0.0",
  host = ">=0.2 <1",
  permissions = {},
  description = "A diagonal stack of cards as a collection view layout: header, footer, a logo, the selected card in front",
}
