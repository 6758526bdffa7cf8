import BooksTrackCore
import BooksTrackImport
import BooksTrackProviders
import BooksTrackServices
import Foundation
import Hummingbird

/// A failed request as the API answers it: an HTTP status and the envelope's `error`, with a
/// stable code programs can test and a message that names the field and the limit.
struct APIError: Error, HTTPResponseError {
    var status: HTTPResponse.Status
    var error: ErrorDTO

    init(_ status: HTTPResponse.Status, code: String, _ message: String, details: [String: String] = [:]) {
        self.status = status
        error = ErrorDTO(message: message, code: code, details: details)
    }

    static let unauthorized = APIError(.unauthorized, code: "UNAUTHORIZED", "sign in or send an API token (Authorization: Bearer bt_…)")
    static let notFound = APIError(.notFound, code: "NOT_FOUND", "no such thing here")

    static func invalid(field: String, _ message: String, code: String = "INVALID_INPUT") -> APIError {
        APIError(.badRequest, code: code, message, details: ["field": field])
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let elapsed = (context as? APIContext)?.elapsedMilliseconds ?? 0
        let envelope = ResponseEnvelope<Empty>.failure(error, meta: ResponseMeta(timestamp: Date(), processingTime: elapsed))
        var response = try JSONBody.response(envelope, status: status)
        if status == .unauthorized { response.headers[.wwwAuthenticate] = "Bearer" }
        return response
    }

    /// The answer for an error a use case threw; nil for one that is the server's fault.
    init?(_ error: any Error) {
        switch error {
        case let error as APIError:
            self = error
        case let error as LibraryError:
            self = Self.library(error)
        case let error as ValidationError:
            self = Self.validation(error)
        case let error as EntryLookupError:
            self = APIError(.notFound, code: "NOT_FOUND", error.description)
        case let error as ItemLookupError:
            self = APIError(.notFound, code: "NOT_FOUND", error.description)
        case let error as ISBNError:
            self = APIError(.badRequest, code: "INVALID_ISBN", "not a valid ISBN: \(error)", details: ["field": "isbn"])
        case let error as AddBookError:
            if case .alreadyInLibrary(let id, _, _) = error {
                self = APIError(.conflict, code: "ALREADY_IN_LIBRARY", error.description, details: ["id": id.description])
            } else {
                self = APIError(.conflict, code: "ALREADY_IN_LIBRARY", error.description)
            }
        case let error as SearchError:
            switch error {
            case .nothingFound: self = APIError(.notFound, code: "NOTHING_FOUND", error.description)
            case .emptyQuestion: self = APIError(.badRequest, code: "INVALID_QUERY", error.description, details: ["field": "q"])
            case .questionTooLong(_, let limit):
                self = APIError(.badRequest, code: "QUERY_TOO_LONG", error.description, details: ["field": "q", "limit": "\(limit)"])
            case .pickOutOfRange: self = APIError(.badRequest, code: "INVALID_INPUT", error.description, details: ["field": "pick"])
            }
        case let error as AccountError:
            self = Self.account(error)
        case let error as ImportError:
            switch error {
            case .fileTooLarge(_, let limit), .overLimits(_, let limit, _, _):
                self = APIError(.contentTooLarge, code: "FILE_TOO_LARGE", error.description, details: ["limit": "\(limit)"])
            case .tooManyRows(let limit):
                self = APIError(.contentTooLarge, code: "TOO_MANY_ROWS", error.description, details: ["limit": "\(limit)"])
            case .cancelled:
                self = APIError(.conflict, code: "CANCELLED", error.description)
            default:
                self = APIError(.badRequest, code: "UNREADABLE_IMPORT", error.description, details: ["field": "file"])
            }
        case let error as JobError:
            self = Self.job(error)
        case let error as EntryQuery.ParseError:
            self = APIError.invalid(field: error.field, error.message, code: error.isOutOfRange ? "OUT_OF_RANGE" : "INVALID_INPUT")
        case let error as UnavailableError:
            self = switch error {
            case .offline: APIError(.conflict, code: "OFFLINE", error.description)
            case .noShelfReader: APIError(.conflict, code: "SCANNER_NOT_CONFIGURED", error.description)
            }
        case let error as BarcodeError:
            self = switch error {
            case .noISBN: APIError(.unprocessableContent, code: "NO_ISBN_BARCODE", error.description)
            case .severalISBNs(let isbns):
                APIError(.unprocessableContent, code: "SEVERAL_ISBN_BARCODES", error.description,
                         details: ["isbns": isbns.map(\.isbn13).joined(separator: ",")])
            }
        case let error as ImageError:
            self = switch error {
            case .notAnImage, .kindNotReadHere: APIError(.unsupportedMediaType, code: "UNSUPPORTED_IMAGE", error.description)
            case .tooLarge(_, let limit): APIError(.contentTooLarge, code: "IMAGE_TOO_LARGE", error.description, details: ["limit": "\(limit)"])
            case .tooManyPixels(_, _, let limit):
                APIError(.unprocessableContent, code: "IMAGE_TOO_MANY_PIXELS", error.description, details: ["limit": "\(limit)"])
            case .unreadable: APIError(.unprocessableContent, code: "IMAGE_UNREADABLE", error.description)
            case .busy: APIError(.tooManyRequests, code: "IMAGE_QUEUE_FULL", error.description, details: ["retryAfter": "5"])
            }
        case let error as ScanError:
            self = switch error {
            case .scanNotFound, .itemNotFound, .ambiguous: APIError(.notFound, code: "NOT_FOUND", error.description)
            case .alreadyDecided: APIError(.conflict, code: "ALREADY_DECIDED", error.description)
            }
        case let error as GoalError:
            self = APIError(.notFound, code: "NOT_FOUND", error.description)
        case let error as EditError:
            self = switch error {
            case .nothingToChange: APIError.invalid(field: "", error.description, code: "MISSING_FIELD")
            case .changedSinceRead(let current):
                APIError(.preconditionFailed, code: "CHANGED_SINCE_READ", error.description, details: ["etag": "\"\(current)\""])
            case .isbnHeldByAnotherBook:
                APIError(.conflict, code: "ISBN_IN_ANOTHER_BOOK", error.description, details: ["field": "isbns"])
            case .isbnInThisBook: APIError(.conflict, code: "ISBN_IN_THIS_BOOK", error.description, details: ["field": "isbns"])
            case .noEditionFound: APIError(.notFound, code: "NOTHING_FOUND", error.description, details: ["field": "isbn"])
            case .editionOfAnotherBook: APIError(.notFound, code: "NOT_FOUND", error.description)
            }
        default:
            return nil
        }
    }

    private static func library(_ error: LibraryError) -> APIError {
        switch error {
        case .invalid(let problem): validation(problem)
        case .entryNotFound, .workNotFound, .editionNotFound, .authorNotFound, .photoNotFound, .quoteNotFound:
            // Another user's ID and a made-up one answer the same.
            APIError(.notFound, code: "NOT_FOUND", error.description)
        case .duplicateEntry: APIError(.conflict, code: "ALREADY_IN_LIBRARY", error.description)
        case .negativePage, .pageBeyondLastPage: APIError(.badRequest, code: "INVALID_PAGE", error.description, details: ["field": "page"])
        case .percentOutOfRange: APIError(.badRequest, code: "INVALID_PERCENT", error.description, details: ["field": "percent"])
        case .imageTooLarge(_, let limit):
            APIError(.contentTooLarge, code: "IMAGE_TOO_LARGE", error.description, details: ["limit": "\(limit)"])
        case .unsupportedImage: APIError(.unsupportedMediaType, code: "UNSUPPORTED_IMAGE", error.description)
        case .ambiguousUser: APIError(.conflict, code: "AMBIGUOUS_USER", error.description)
        case .wishlistCannotBeOwned, .notOnWishlist, .editionOfAnotherWork, .statusChangeNotAllowed:
            APIError(.unprocessableContent, code: "NOT_ALLOWED", error.description)
        }
    }

    /// A job that could not be started, confirmed or stopped.
    static func job(_ error: JobError) -> APIError {
        switch error {
        case .idTaken: APIError(.conflict, code: "JOB_EXISTS", error.description, details: ["field": "jobId"])
        case .notFound: APIError.notFound
        case .notAPreview: APIError(.conflict, code: "NOT_A_PREVIEW", error.description)
        case .previewGone: APIError(.gone, code: "PREVIEW_GONE", error.description)
        case .alreadyFinished: APIError(.conflict, code: "JOB_FINISHED", error.description)
        case .catalogImportRunning: APIError(.conflict, code: "CATALOG_IMPORT_RUNNING", error.description)
        case .noDumpFiles: APIError.invalid(field: "files", error.description, code: "MISSING_FIELD")
        case .tooManyDumpFiles: APIError.invalid(field: "files", error.description, code: "OUT_OF_RANGE")
        case .noSuchDump(let index, _): APIError(.badRequest, code: "NO_SUCH_DUMP", error.description, details: ["field": "files[\(index)]"])
        case .noSuchSuggestion: APIError.invalid(field: "author", error.description)
        }
    }

    private static func validation(_ error: ValidationError) -> APIError {
        var details = ["field": error.field]
        if case .tooLong(_, let limit, _) = error { details["limit"] = "\(limit)" }
        return APIError(.badRequest, code: "VALIDATION_FAILED", error.description, details: details)
    }

    private static func account(_ error: AccountError) -> APIError {
        switch error {
        case .wrongCredentials: APIError(.unauthorized, code: "WRONG_CREDENTIALS", error.description)
        case .nameTaken: APIError(.conflict, code: "NAME_TAKEN", error.description, details: ["field": "name"])
        case .passwordTooShort, .passwordTooLong:
            APIError(.badRequest, code: "INVALID_PASSWORD", error.description, details: ["field": "password"])
        case .tokenNameEmpty, .tokenNameTooLong:
            APIError(.badRequest, code: "VALIDATION_FAILED", error.description, details: ["field": "name"])
        case .tooManyTokens: APIError(.conflict, code: "TOO_MANY_TOKENS", error.description)
        case .tokenNotFound, .accountNotFound, .sessionNotFound, .invitationNotFound: APIError(.notFound, code: "NOT_FOUND", error.description)
        case .signUpClosed: APIError(.forbidden, code: "SIGN_UP_CLOSED", error.description)
        case .invitationRequired: APIError(.forbidden, code: "INVITATION_REQUIRED", error.description, details: ["field": "invitation"])
        case .invitationNotValid: APIError(.forbidden, code: "INVITATION_NOT_VALID", error.description, details: ["field": "invitation"])
        case .adminOnly: APIError(.forbidden, code: "ADMIN_ONLY", error.description)
        case .lastAdministrator: APIError(.conflict, code: "LAST_ADMINISTRATOR", error.description)
        case .alreadySetUp: APIError(.conflict, code: "ALREADY_SET_UP", error.description)
        case .wrongSetupCode: APIError(.forbidden, code: "WRONG_SETUP_TOKEN", error.description, details: ["field": "setupToken"])
        case .invitationNoteTooLong(let limit):
            APIError(.badRequest, code: "VALIDATION_FAILED", error.description, details: ["field": "note", "limit": "\(limit)"])
        case .invitationLifetimeOutOfRange(let maximum):
            APIError(.badRequest, code: "OUT_OF_RANGE", error.description, details: ["field": "days", "limit": "\(maximum)"])
        }
    }
}

/// A payload with nothing in it.
struct Empty: Codable, Sendable {}
