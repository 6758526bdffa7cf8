import BooksTrackCore
import Foundation

/// The model of the `edit` page (`Resources/web/templates/edit.mustache`, its view): what the
/// template shows, made by the route that renders it.
extension WebRoutes {
    struct EditPage {
        var frame: WebViews.Frame
        var id: String
        var title: String
        var authors: String
        var cover: String?
        var spine: String
        /// The book's revision as this form was filled: an edit from an older one is refused.
        var revision: String
        /// What each field was filled with (`BookFieldText.fingerprints`).
        var fingerprints: String
        var groups: [EditGroup]
        /// The book changed in another window: the form shows it as it is now, the reader's
        /// changes kept in the fields marked.
        var changedElsewhere: Bool
        var uploadedCover: Bool
        /// Whether the edition shown has a cover the reader can remove.
        var removableCover: Bool
        var coverError: String?
        var coverLimit: String
        var coverChoices: [CoverChoice]
        var editions: [EditionRow]
        var editionError: String?
        var newEdition: NewEditionForm
    }

    /// A fieldset of the form.
    struct EditGroup {
        let id: String
        let legend: String
        let note: String?
        let fields: [EditField]
    }

    /// One field of the form, named by its `BookField`.
    struct EditField {
        let name: String
        let label: String
        let hint: String?
        let value: String
        let error: String?
        /// After a refusal because the book changed elsewhere: the field's value now, when the
        /// reader's change of it was not saved.
        let unsaved: String?
        let text: Bool
        let numeric: Bool
        let textarea: Bool
        let date: Bool
        let select: Bool
        let checkbox: Bool
        let options: [WebViews.Option]
        let checked: Bool
        /// The ids of the hint, the error and the note that describe the field.
        let describedBy: String?
    }

    /// Another edition's cover the reader can take as this book's.
    struct CoverChoice {
        let url: String
        let image: String?
        let label: String
    }

    /// An edition of the book's work.
    struct EditionRow {
        let text: String
        let mineAction: String
        let removeAction: String
        let mine: Bool
        let shown: Bool
    }

    /// The small form that adds an edition, with what was typed.
    struct NewEditionForm {
        var isbns: String
        var pageCount: String
        var publisher: String
        var formats: [WebViews.Option]
        var mine: Bool
    }
}
