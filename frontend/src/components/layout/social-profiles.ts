// The business's social profiles from contact_info that can be linked to (web addresses only).

export type SocialNetwork = 'Facebook' | 'Instagram' | 'LinkedIn'

/** The profile addresses of a contact_info row. */
export interface SocialAddresses {
  social_facebook: string | null
  social_instagram: string | null
  social_linkedin: string | null
}

export function socialProfiles(info: SocialAddresses | null | undefined): Array<readonly [SocialNetwork, string]> {
  const links = [
    ['Facebook', info?.social_facebook],
    ['Instagram', info?.social_instagram],
    ['LinkedIn', info?.social_linkedin],
  ] as const
  return links.filter((link): link is readonly [SocialNetwork, string] => Boolean(link[1] && /^https?:\/\//i.test(link[1])))
}
