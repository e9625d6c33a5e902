/**
 * The Legal Terms & Conditions accepted at the last sign-up step (spec 000 §1, §2). Its figures
 * are the spec's (§9); the appendices are in ./termsAppendices.ts.
 */
export type TermsSection = { heading: string; paragraphs: readonly string[] };

export const TERMS_TITLE = 'Legal Terms & Conditions';
export const TERMS_LAST_UPDATED = '1 January 2025';

export const termsIntroduction: readonly string[] = [
  'These Terms and Conditions (the "Agreement") govern access to and use of the Maya marketing and business analytics platform, its connectors, reports, application programming interfaces and related documentation (together, the "Service"), provided by Maya (the "Provider", "we", "us"). By creating an account, ticking the acceptance box or using the Service, the entity on whose behalf you register (the "Customer", "you") agrees to this Agreement. If you accept on behalf of a company or other legal entity, you confirm that you have the authority to bind it.',
];

export const termsSections: readonly TermsSection[] = [
  {
    heading: '1. Definitions',
    paragraphs: [
      '"Customer Data" means all data, including Personal Data, that the Customer or its users submit to the Service or that the Service retrieves from the Customer\'s connected data sources. "Personal Data" has the meaning given in Appendix A. "Subscription Period" means the term of the subscription plan the Customer has purchased, as shown in its order or in the billing area of the Service. "Users" means the individuals the Customer invites into its organizations. "Documentation" means the user guides and help pages we make available for the Service.',
    ],
  },
  {
    heading: '2. The Service and its use',
    paragraphs: [
      'Subject to this Agreement, we grant the Customer a non-exclusive, non-transferable right during the Subscription Period to access and use the Service for its internal business purposes. The Customer is responsible for its Users, for keeping their credentials confidential and for all activity in its account.',
      'The Customer shall not (a) resell, sublicense or make the Service available to third parties other than its Users; (b) reverse engineer, decompile or attempt to derive the source code of the Service; (c) use the Service to store or transmit unlawful or infringing material or malicious code; (d) interfere with the integrity or performance of the Service; or (e) access the Service to build a competing product.',
      "We may suspend the Customer's use of the Service if we reasonably believe that it breaches section 2 or threatens the security or availability of the Service. We will tell the Customer the reason, and the Customer will have 30 days to rectify the suspended use before we may terminate the Agreement under section 8. We lift a suspension as soon as its cause is removed.",
    ],
  },
  {
    heading: '3. Fees and payment',
    paragraphs: [
      'The Customer shall pay the fees of its subscription plan and of any one-time purchases as stated at checkout. Unless stated otherwise, fees are invoiced in advance for each Subscription Period, are payable within 30 days of the invoice date, and are non-refundable except as this Agreement provides.',
      'Fees exclude value added tax, sales tax and similar levies, which the Customer shall pay in addition, except taxes on our net income. If the Customer is required by law to withhold tax, it shall gross up its payment so that we receive the full amount invoiced.',
      'Amounts not paid when due bear late interest at the lesser of 1.5% per month or the maximum rate permitted by applicable law, from the due date until payment. If an undisputed amount remains unpaid more than 30 days after notice of non-payment, we may suspend the Service until it is paid.',
      "We may change our fees with effect from the next Subscription Period by giving the Customer at least 30 days' notice before the end of the current Subscription Period.",
    ],
  },
  {
    heading: '4. Trial and free use',
    paragraphs: [
      'We may make the Service available free of charge or for a trial period. Trial and free use is provided "as is", without any warranty or support commitment, and may be ended by us at any time. Notwithstanding section 11, our total liability arising out of or in connection with trial or free use is limited to $100.',
    ],
  },
  {
    heading: '5. Confidentiality',
    paragraphs: [
      '"Confidential Information" means any non-public information disclosed by one party to the other that is marked as confidential or that a reasonable person would understand to be confidential, including Customer Data, the Service\'s non-public features and pricing, and the terms of any order. It excludes information that is or becomes public without breach, was lawfully known to the recipient before disclosure, is independently developed, or is received from a third party without a duty of confidence.',
      "The recipient shall use the discloser's Confidential Information only to perform or receive the Service, shall protect it with at least the care it uses for its own information of a similar nature and never less than reasonable care, and shall disclose it only to its employees, contractors and advisers who need to know it and are bound by duties of confidence no less protective than these. A party may disclose Confidential Information where required by law, after giving the other party prompt notice where lawful.",
      'These obligations survive for five years after termination of this Agreement, and for as long as the information remains a trade secret.',
    ],
  },
  {
    heading: '6. Intellectual property and Customer Data',
    paragraphs: [
      'We own the Service, the Documentation and all improvements to them. The Customer owns its Customer Data and grants us a worldwide, limited licence to host, copy, process and display it only as needed to provide the Service, to prevent or address technical problems, and as the Customer instructs. Reports, dashboards and bookmarks that the Customer creates from its Customer Data are Customer Data.',
      'We may use aggregated and de-identified information about the use of the Service, which does not identify the Customer or any individual, to operate, secure and improve the Service.',
    ],
  },
  {
    heading: '7. Warranties',
    paragraphs: [
      "We warrant that during the Subscription Period the Service will perform materially in accordance with the Documentation, and that we will not materially reduce the functionality of the Service. To claim under this warranty the Customer must report the non-conformity to us in writing within 30 days of first becoming aware of it, describing it in enough detail for us to reproduce it. Our sole obligation, and the Customer's exclusive remedy, is that we will correct the non-conformity or, if we cannot do so within a reasonable time, either party may terminate the affected subscription and we will refund the prepaid fees for the remainder of the Subscription Period.",
      'Each party warrants that it has the power to enter into this Agreement. The Customer warrants that it has all rights, consents and notices needed for us to process the Customer Data and to connect to the third-party data sources it authorizes.',
      "Except as expressly stated in this Agreement, the Service is provided without any other warranty, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement. We do not warrant that the Service will be uninterrupted or error-free, or that data provided by third-party sources is accurate or complete. Analytics and AI-generated content are aids to the Customer's own judgement.",
    ],
  },
  {
    heading: '8. Term and termination',
    paragraphs: [
      'This Agreement starts when the Customer accepts it and continues until all subscriptions have ended. Each subscription renews automatically for a further period of the same length unless either party gives notice of non-renewal at least 30 days before the end of the Subscription Period.',
      'Either party may terminate this Agreement by written notice if the other party materially breaches it and fails to cure the breach within 30 days after receiving notice describing it, or if the other party becomes insolvent, makes an assignment for the benefit of creditors or becomes subject to bankruptcy or similar proceedings.',
      "On termination the Customer's right to use the Service ends and any unpaid fees for the period before termination become due. For 30 days after termination the Customer may export its Customer Data; afterwards we delete it as described in Appendix A. Sections 3 (for amounts due), 5, 6, 9, 10, 11, 12 and 13 survive termination.",
    ],
  },
  {
    heading: '9. Non-solicitation',
    paragraphs: [
      "During the term of this Agreement and for 12 months after its end, neither party shall, without the other's written consent, actively solicit for employment any employee of the other party who was involved in the performance of this Agreement. General advertisements not targeted at such employees are not solicitation.",
    ],
  },
  {
    heading: '10. Indemnification',
    paragraphs: [
      "We shall defend the Customer against any claim by a third party alleging that the Service, as provided by us and used in accordance with this Agreement, infringes that party's intellectual property rights, and shall pay the damages and costs finally awarded or agreed in settlement. If such a claim is made or likely, we may procure the right for the Customer to continue using the Service, modify it to be non-infringing, or terminate the affected subscription and refund the prepaid fees for the remainder of the Subscription Period. We have no obligation for claims arising from Customer Data, third-party services, or combinations of the Service with anything we did not provide.",
      "The Customer shall defend us against any claim by a third party arising from Customer Data or from the Customer's use of the Service in breach of this Agreement or of applicable law, and shall pay the damages and costs finally awarded or agreed in settlement.",
      "The indemnified party must notify the indemnifying party promptly of the claim, give it sole control of the defence and settlement (no settlement may impose an admission or obligation on the indemnified party without its consent) and provide reasonable assistance at the indemnifying party's cost.",
    ],
  },
  {
    heading: '11. Limitation of liability',
    paragraphs: [
      'Neither party is liable for any indirect, incidental, special, consequential or punitive damages, or for loss of profits, revenue, goodwill or data, however caused, even if advised of their possibility.',
      "Each party's total liability arising out of or in connection with this Agreement in any twelve-month period is limited to the fees paid and payable by the Customer for the Service in that period, and for trial or free use to $100 as stated in section 4.",
      "These limitations do not apply to the Customer's payment obligations, to a party's obligations under section 10, to breach of section 5, or to liability that cannot be limited by law, such as for fraud, gross negligence or wilful misconduct.",
    ],
  },
  {
    heading: '12. Miscellaneous',
    paragraphs: [
      "Neither party may assign this Agreement without the other's written consent, except to a successor of all or substantially all of its business or assets. Neither party is liable for delay or failure caused by events beyond its reasonable control. Notices shall be in writing and sent to the e-mail address of the Customer's account or to our support address. The parties are independent contractors. If any provision is held unenforceable, the rest remain in force. A waiver of a right is effective only in writing. This Agreement, its appendices and any order form are the entire agreement of the parties on its subject and supersede any prior agreements; terms in a Customer purchase order do not apply.",
      'We may update this Agreement by notice to the Customer; changes take effect at the start of the next Subscription Period, unless they are required by law or concern new features, in which case they take effect on notice.',
      'The Customer agrees that we may name it as a customer of the Service, using its name and logo, unless it tells us otherwise in writing.',
    ],
  },
  {
    heading: '13. Governing law and dispute resolution',
    paragraphs: [
      'This Agreement is governed by the laws of Ireland, excluding its conflict-of-laws rules and the United Nations Convention on Contracts for the International Sale of Goods.',
      'The parties shall first try to resolve any dispute arising out of or in connection with this Agreement by good-faith negotiation between senior representatives. Negotiations shall start within 2 weeks after either party gives written notice of the dispute, and the parties shall aim to resolve the dispute within 1 month of that notice. If the dispute is not resolved within that month, either party may submit it to the exclusive jurisdiction of the courts of Dublin, Ireland. Nothing in this section prevents a party from seeking urgent injunctive relief.',
    ],
  },
];
