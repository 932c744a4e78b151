package sandbox

// PageSize is the number of records on a page of every index, as the service
// pages them.
const PageSize = 40

// Refusal codes of the reference: the "error" of a 403.
const (
	RefusalForbidden             = "forbidden"
	RefusalQuotaExhausted        = "quota_exhausted"
	RefusalUpgradeRequired       = "upgrade_required"
	RefusalEmailDeliveryDisabled = "email_delivery_disabled"
	RefusalDocumentLocked        = "document_locked"
)
