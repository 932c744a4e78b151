package sandbox

// Errors whose status, keys and number of messages follow the examples of the
// service's docs (fakturoid_docs/*.md; errors_contract_test.go compares them).
// The texts are the sandbox's English ones.

// addAmountBlank reports a payment amount sent blank. native_amount is derived
// from amount, so a blank amount leaves it blank too unless it is sent; the
// service reports each as blank and as not a number.
func addAmountBlank(errs Errors, field string) {
	errs.Add(field, MsgBlank)
	errs.Add(field, MsgNotNumber)
}
