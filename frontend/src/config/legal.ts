// The two legal documents as typed data (last updated October 10, 2025). Kept
// apart from site.ts because they are long prose, not settings; the wording of the
// warranty ('one (3) year') and the other numbers are the spec's and are kept as written.
import { siteConfig } from './site'

export interface LegalSection {
  heading: string
  paragraphs?: readonly string[]
  items?: readonly string[]
}

export interface LegalDocument {
  title: string
  description: string
  intro: string
  sections: readonly LegalSection[]
}

export const legalContactBlock = {
  heading: 'Contact Us',
  text: 'Questions about this policy? Get in touch and we will be happy to help.',
  button: 'Contact Us',
} as const

export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  description: 'The terms that apply to our quotes, custom orders, returns and warranty.',
  intro:
    'These terms apply when you request a quote, place an order or have work installed by us. By using our website or services you agree to them.',
  sections: [
    {
      heading: 'Our Services',
      paragraphs: [
        'We design, make and install custom curtains, blinds and furniture covers, and offer design consultation, measurement and installation. Descriptions and photos on this site show typical work; fabrics and finishes vary with each order.',
      ],
    },
    {
      heading: 'Quotes and Orders',
      items: [
        'Quotes are free and valid for 30 days from the date they are issued.',
        'An order is confirmed once you have approved the final measurements, fabrics and price in writing and paid any agreed deposit.',
        'Lead times are estimates; we will keep you informed of any change.',
      ],
    },
    {
      heading: 'Payment',
      paragraphs: [
        'A deposit may be required before fabrics are ordered or work begins. The balance is due on completion of installation or on delivery, unless agreed otherwise in writing.',
      ],
    },
    {
      heading: 'Returns and Refunds',
      items: [
        'Custom items are made to your measurements and specifications and are non-refundable, except for defects in materials or workmanship.',
        'Standard items can be returned within 30 days of delivery in their original condition and packaging; a restocking fee applies.',
        'If an item arrives defective, tell us as soon as possible and we will repair or replace it.',
      ],
    },
    {
      heading: 'Warranty',
      paragraphs: [
        'We guarantee our workmanship for one (3) year from the date of installation. The warranty covers defects in stitching, assembly and fitting; it does not cover normal wear, fading from sunlight, misuse or damage from cleaning not done according to the care instructions.',
      ],
    },
    {
      heading: 'Measurements and Installation',
      paragraphs: [
        'Where we take the measurements, we are responsible for the fit. Where you supply them, we make the item to the measurements you gave. Please make sure walls, frames and windows are accessible on the day of installation.',
      ],
    },
    {
      heading: 'Limitation of Liability',
      paragraphs: [
        'To the extent permitted by law, our liability for any order is limited to the price paid for that order. Nothing in these terms limits rights you have by law as a consumer.',
      ],
    },
    {
      heading: 'Changes to These Terms',
      paragraphs: [
        'We may update these terms from time to time. The version published on this page, with its last updated date, applies to new orders.',
      ],
    },
  ],
}

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  description: 'What personal information we collect through this website and how we use it.',
  intro: `This policy explains what information ${siteConfig.title} collects when you use this website or contact us, and how it is used and protected.`,
  sections: [
    {
      heading: 'Information We Collect',
      items: [
        'What you send through the contact form: your first and last name, email address, phone number (optional), the service you need and your message.',
        'Details you share with us when we quote, measure or install, such as your address and room measurements.',
        'Basic technical information your browser sends when you visit, such as your IP address and browser type.',
      ],
    },
    {
      heading: 'How We Use Your Information',
      items: [
        'To reply to your enquiry and prepare your quote.',
        'To arrange consultations, measuring and installation, and to provide aftercare.',
        'To keep our website secure and working properly.',
      ],
    },
    {
      heading: 'Sharing Your Information',
      paragraphs: [
        'We do not sell your personal information. We share it only with service providers who help us run our business (for example website hosting), and only as far as they need it, or when the law requires it.',
      ],
    },
    {
      heading: 'Cookies and Local Storage',
      paragraphs: [
        'The public website does not use advertising or tracking cookies. Our content management area stores a sign-in session in your browser for staff only.',
      ],
    },
    {
      heading: 'Data Retention and Security',
      paragraphs: [
        'We keep enquiries only as long as we need them to handle your request and for our records, and we protect them with reasonable technical and organisational measures.',
      ],
    },
    {
      heading: 'Your Rights',
      paragraphs: [
        'You may ask us to access, correct or delete the personal information we hold about you. Contact us using the details below.',
      ],
    },
    {
      heading: "Children's Privacy",
      paragraphs: [
        'Our website and services are not directed at children under 13, and we do not knowingly collect personal information from children under 13.',
      ],
    },
    {
      heading: 'Changes to This Policy',
      paragraphs: [
        'We may update this policy from time to time. Changes take effect when they are published on this page with a new last updated date.',
      ],
    },
  ],
}
