// ScreenHost: the interactive host — `screens run` in a terminal (raw mode, the alternate
// screen, the window drawn and redrawn where it changed, mouse and keys as touches and focus
// moves, the terminal restored on every way out), the error panel, hot reload, and the REPL
// with its attach socket. The test runner never imports it, nor it the runner.
// (Placeholder until the first type lands: a target needs a source file.)
enum Placeholder {}
