import type { TermsSection } from './terms';

/** Appendix A, the data processing agreement, and Appendix B, the CCPA addendum (spec 000 §9). */
export const termsAppendices: readonly TermsSection[] = [
  {
    heading: 'Appendix A: Data Processing Agreement',
    paragraphs: [
      'A.1 Roles. For Personal Data contained in Customer Data, the Customer is the data controller and the Provider is the data processor acting on the Customer\'s behalf, within the meaning of the EU General Data Protection Regulation 2016/679 ("GDPR"). "Personal Data" means any information relating to an identified or identifiable natural person. The subject matter of the processing is the provision of the Service; its duration is the term of the Agreement; the data subjects are the Customer\'s users, customers, prospects and website or app visitors; the categories of data are those contained in the data sources the Customer connects.',
      "A.2 Instructions. We process Personal Data only on the Customer's documented instructions, which are this Agreement and the Customer's configuration of the Service, unless required otherwise by law, in which case we inform the Customer before processing unless the law forbids it. We tell the Customer promptly if we believe an instruction infringes data protection law.",
      "A.3 Location. We process and store Personal Data in the European Union. We transfer Personal Data outside the European Economic Area only with the Customer's prior written consent and subject to appropriate safeguards such as the European Commission's standard contractual clauses.",
      "A.4 Confidentiality and security. Everyone we authorise to process Personal Data is bound by confidentiality. We implement appropriate technical and organisational measures to protect Personal Data, including encryption in transit and at rest, logical separation of each customer's data, access control on the principle of least privilege, logging, backups, and regular testing of these measures.",
      'A.5 Sub-processors. The Customer authorises us to engage sub-processors for hosting, e-mail delivery and support. We keep a list of them, inform the Customer of intended changes, giving it the opportunity to object on reasonable grounds, and impose on each sub-processor data protection obligations no less protective than this Appendix. We remain responsible for our sub-processors.',
      'A.6 Assistance. Taking into account the nature of the processing, we assist the Customer with appropriate measures in responding to requests from data subjects exercising their rights, and with its obligations on security, breach notification, data protection impact assessments and prior consultation.',
      'A.7 Security incidents. We notify the Customer without undue delay, and in any event within 48 hours, after becoming aware of a personal data breach affecting Customer Data. The notice describes the nature of the breach, the categories and approximate number of data subjects and records concerned, its likely consequences and the measures taken or proposed, and we update it as more information becomes available.',
      'A.8 Return and deletion. At the end of the Agreement the Customer may choose to have its Personal Data returned or deleted. If the Customer has not made a choice within 2 months after the end of the Agreement, we destroy the Personal Data, including copies, unless the law requires us to keep it.',
      "A.9 Audits. We make available to the Customer the information necessary to demonstrate compliance with this Appendix. The Customer, or an independent auditor bound by confidentiality, may audit our compliance at most once every 24 months, on at least 30 days' written notice, during business hours and without unreasonably disrupting our operations, at the Customer's cost, unless an audit is required by a supervisory authority or follows a personal data breach.",
    ],
  },
  {
    heading: 'Appendix B: CCPA Addendum',
    paragraphs: [
      'B.1 Scope. This addendum applies to the extent that we process personal information of California residents on the Customer\'s behalf subject to the California Consumer Privacy Act of 2018 as amended by the California Privacy Rights Act ("CCPA"). Terms used in it have the meanings given in the CCPA.',
      "B.2 Service provider. We act as the Customer's service provider. We shall not sell or share personal information; retain, use or disclose it for any purpose other than the business purposes of providing the Service, or outside our direct business relationship with the Customer; or combine it with personal information we receive from others, except as the CCPA permits. We comply with the CCPA and provide the same level of privacy protection it requires, and we notify the Customer if we can no longer meet our obligations.",
      "B.3 Consumer requests. We assist the Customer in responding to verifiable consumer requests. When the Customer instructs us to delete a consumer's personal information, we delete it, and direct our sub-processors to delete it, within 30 days of the instruction, unless an exception under the CCPA applies.",
      'B.4 Rights of the Customer. The Customer may take reasonable and appropriate steps to ensure that we use personal information consistently with its CCPA obligations and, on notice, to stop and remediate unauthorised use. We certify that we understand and will comply with the restrictions of this addendum.',
    ],
  },
];
