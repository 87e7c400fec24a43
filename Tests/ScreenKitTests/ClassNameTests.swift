import Testing
@testable import ScreenKit

/// Messages name every view and controller as scripts write its class, whoever made it.
@MainActor
struct ClassNameTests {
    @Test func kitClassesAreNamedAsScriptsWriteThem() throws {
        #expect(Label().className == "ui.Label")
        #expect(ViewController().className == "ui.Controller")
        #expect(try NavigationController().className == "ui.NavigationController")
        #expect(TableViewController().className == "ui.TableViewController")
        let label = Label()
        label.text = "Saved"
        #expect(label.summary == "ui.Label 'Saved'")
    }

    @Test func theKitsOwnViewsAreNamedAsTheClassScriptsKnowThemAs() {
        let cell = TableViewCell(style: .default, reuseIdentifier: nil)
        #expect(cell.contentView.className == "ui.View")
        #expect(cell.className == "ui.TableViewCell")
    }
}
