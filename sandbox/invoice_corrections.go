package sandbox

// Corrections (opravné daňové doklady), by the docs' Attributes table:
// correction_id is "ID of the invoice being corrected, specify this
// together with the correction flag. The invoice will then automatically
// have correction_id set to point back at the correction."

// invoiceApplyCorrection checks a new correction's correction_id: it is
// required, and it names an invoice of the account that a correction can
// correct (not a proforma, which is no tax document). On any other
// document type the field is ignored, as the service ignores a field that
// does not apply.
func invoiceApplyCorrection(a *Account, inv *Invoice, p *InvoiceParams, errs Errors) {
	if inv.DocumentType != DocCorrection {
		return
	}
	if p.CorrectionID == nil {
		errs.Add("correction_id", MsgBlank)
		return
	}
	corrected, ok := a.Invoices.Get(*p.CorrectionID)
	if !ok || invoiceIsProforma(corrected) || corrected.DocumentType == DocCorrection {
		errs.Add("correction_id", MsgInvalid)
		return
	}
	id := corrected.ID
	inv.CorrectionID = &id
}

// invoiceLinkCorrection points the corrected invoice back at the new
// correction, once the correction is stored.
func invoiceLinkCorrection(c *Ctx, inv *Invoice) {
	if inv.DocumentType != DocCorrection || inv.CorrectionID == nil {
		return
	}
	if corrected, ok := c.Account.Invoices.Get(*inv.CorrectionID); ok {
		id := inv.ID
		corrected.CorrectionID = &id
		invoiceTouch(c, corrected)
	}
}

// invoiceCorrected reports whether a correction of inv exists (such an
// invoice cannot be deleted: the docs' Delete Invoice cases).
func invoiceCorrected(a *Account, inv *Invoice) bool {
	corrected := false
	a.Invoices.each(func(o *Invoice) {
		corrected = corrected || o.DocumentType == DocCorrection && o.CorrectionID != nil && *o.CorrectionID == inv.ID
	})
	return corrected
}

// invoiceUnlinkCorrection: a deleted correction no longer corrects its
// invoice, whose correction_id pointed back at it.
func invoiceUnlinkCorrection(a *Account, inv *Invoice) {
	if inv.DocumentType != DocCorrection || inv.CorrectionID == nil {
		return
	}
	if corrected, ok := a.Invoices.Get(*inv.CorrectionID); ok && corrected.CorrectionID != nil && *corrected.CorrectionID == inv.ID {
		corrected.CorrectionID = nil
	}
}
